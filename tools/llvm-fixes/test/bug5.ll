; Bug 5 (crash): LLVM 22's M68k instruction selection segfaults on this function (llc-22 -O2
; -mcpu=M68000), and on the same with sdiv/urem/srem/mul and with i64 instead of i32.
; libcalls-test.sh substitutes OP and TY.
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k-unknown-none-elf"

declare TY @g(TY)

define TY @f(TY %a, ptr %p) {
  %l = load TY, ptr %p, align 2
  %m = OP TY %a, %l
  %c = call TY @g(TY %m)
  %l2 = load TY, ptr %p, align 2
  %m2 = OP TY %a, %l2
  ret TY %m2
}
