; Input of the code-improvement tests (tst-test.sh, quick-test.sh, zext-test.sh): one small
; function per pattern. Compiled with llc-22 -O2 -mcpu=M68000 and the plugin.
target triple = "m68k-unknown-none-elf"

declare void @sink(i32)

; tst: compares with zero of each size
define i32 @tst_b(i8 %a) {
  %c = icmp sgt i8 %a, 0
  %r = select i1 %c, i32 7, i32 9
  ret i32 %r
}
; the argument is compared on the stack: cmpi.w #0,(d16,%sp)
define void @tst_w(i16 %a) {
  %c = icmp sgt i16 %a, 0
  br i1 %c, label %t, label %f
t:
  call void @sink(i32 1)
  ret void
f:
  call void @sink(i32 2)
  ret void
}
define void @tst_l(i32 %a) {
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %t, label %f
t:
  call void @sink(i32 1)
  ret void
f:
  call void @sink(i32 2)
  ret void
}

; quick: small immediates on data registers and the stack frame
define i32 @quick_add_l(i32 %a) {
  %r = add i32 %a, 3
  ret i32 %r
}
define i16 @quick_sub_w(i16 %a) {
  %r = sub i16 %a, 5
  ret i16 %r
}
define i8 @quick_add_b(i8 %a) {
  %r = add i8 %a, 8
  ret i8 %r
}
define i32 @quick_frame(i32 %i) {
  %buf = alloca [40 x i32], align 2
  call void @fill(ptr %buf)
  %p = getelementptr inbounds i32, ptr %buf, i32 5
  %v = load i32, ptr %p, align 2
  ret i32 %v
}
declare void @fill(ptr)

; zext: u16 -> u32 widening of loaded values, and of values already zero-extended
define i32 @zext_load(ptr %p) {
  %v = load i16, ptr %p, align 2
  %z = zext i16 %v to i32
  ret i32 %z
}
define i32 @zext_byte_load(ptr %p) {
  %v = load i8, ptr %p, align 1
  %z = zext i8 %v to i32
  ret i32 %z
}
define i32 @zext_twice(ptr %p, i32 %n) {
entry:
  %v = load i16, ptr %p, align 2
  %z = zext i16 %v to i32
  call void @sink(i32 %z)
  %s = add i16 %v, 1
  %z2 = zext i16 %s to i32
  %m = mul i32 %z2, 3
  call void @sink(i32 %m)
  %t = lshr i32 %n, 16
  %tt = trunc i32 %t to i16
  %z3 = zext i16 %tt to i32
  ret i32 %z3
}

; tst on a register: a loaded value compared with zero in a loop
define i32 @tst_reg(ptr %p, i16 %n) {
entry:
  br label %loop
loop:
  %i = phi i16 [ 0, %entry ], [ %i1, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %next ]
  %q = getelementptr inbounds i16, ptr %p, i16 %i
  %v = load i16, ptr %q, align 2
  %z = icmp eq i16 %v, 0
  br i1 %z, label %next, label %count
count:
  call void @sink(i32 %acc)
  br label %next
next:
  %acc1 = add i32 %acc, 1
  %i1 = add i16 %i, 1
  %done = icmp eq i16 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc1
}

; tst on a data register: a sum compared with zero
define void @tst_dreg(i16 %a, i16 %b) {
  %s = mul i16 %a, %b
  %c = icmp slt i16 %s, 0
  br i1 %c, label %t, label %f
t:
  call void @sink(i32 1)
  ret void
f:
  ret void
}

; cmp: differences only compared (with and without a copy before the subtraction)
define void @cmp_regs(i16 %a, i16 %b, i32 %c, i32 %d) {
  %x = add i16 %a, 3
  %y = mul i16 %b, 5
  %k = icmp ult i16 %x, %y
  br i1 %k, label %t, label %e
t:
  %u = add i32 %c, 1
  %v = icmp ugt i32 %u, %d
  br i1 %v, label %t2, label %e
t2:
  call void @sink(i32 1)
  ret void
e:
  ret void
}

; zext: a mask right after a 32-bit addition: nothing to build on -> swap; clr.w; swap
define i32 @zext_swap(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  %z = and i32 %s, 65535
  ret i32 %z
}

; zext: a byte read from a table indexed by a zero-extended u16, in the same register:
; the upper word is known zero, so the byte mask is and.w
@tab = global [256 x i8] zeroinitializer
define i32 @zext_andw(ptr %p, i16 %i) {
  %x = zext i16 %i to i32
  %q = getelementptr inbounds i8, ptr @tab, i32 %x
  %v = load i8, ptr %q, align 1
  %z = zext i8 %v to i32
  ret i32 %z
}
