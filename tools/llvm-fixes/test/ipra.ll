; Inputs of ipra-test.sh (the code improvements ipra, lsr and placement).
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"

; ipra: a module-local leaf that needs more registers than d0/d1/a0/a1 (twelve values live at
; once). Without IPRA it saves the callee-saved registers it uses (movem) on every call; with
; it (and its call sites no longer marked tail) it saves none, and its callers know exactly
; which registers it clobbers.
define internal fastcc i16 @ipra_leaf(ptr %p) #0 {
  %a0 = load volatile i16, ptr %p
  %a1 = load volatile i16, ptr %p
  %a2 = load volatile i16, ptr %p
  %a3 = load volatile i16, ptr %p
  %a4 = load volatile i16, ptr %p
  %a5 = load volatile i16, ptr %p
  %a6 = load volatile i16, ptr %p
  %a7 = load volatile i16, ptr %p
  %a8 = load volatile i16, ptr %p
  %a9 = load volatile i16, ptr %p
  %b0 = load volatile i16, ptr %p
  %b1 = load volatile i16, ptr %p
  %s0 = mul i16 %a0, %b1
  %s1 = mul i16 %a1, %b0
  %s2 = mul i16 %a2, %a9
  %s3 = mul i16 %a3, %a8
  %s4 = mul i16 %a4, %a7
  %s5 = mul i16 %a5, %a6
  %t0 = add i16 %s0, %s1
  %t1 = add i16 %s2, %s3
  %t2 = add i16 %s4, %s5
  %t3 = add i16 %t0, %t1
  %t4 = add i16 %t3, %t2
  ret i16 %t4
}

; Its caller (exported: it keeps the standard convention itself).
define i16 @ipra_caller(ptr %p, ptr %q) {
  %a = tail call fastcc i16 @ipra_leaf(ptr %p)
  %b = tail call fastcc i16 @ipra_leaf(ptr %q)
  %s = add i16 %a, %b
  ret i16 %s
}

; lsr: a counted loop over a u16 array with a 16-bit index (the engine's row and column loops).
define i16 @lsr_sum(ptr %p, i16 %n, i16 %k) {
entry:
  br label %loop
loop:
  %i = phi i16 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i16 [ 0, %entry ], [ %s1, %loop ]
  %j = add i16 %i, %k
  %jz = zext i16 %j to i32
  %q = getelementptr i16, ptr %p, i32 %jz
  %v = load i16, ptr %q
  %s1 = add i16 %s, %v
  %i1 = add i16 %i, 1
  %c = icmp ult i16 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i16 %s1
}

attributes #0 = { norecurse nounwind noinline }
