; Bug 6: a zero/sign-extended i16 that is needed in an address register. The MOVZXd32d16 /
; MOVSXd32d16 pseudos accept An (XR32) as their result; their post-RA expansion
; `move.l src,%aN ; and.l #65535,%aN` / `ext.l %aN` has no 68000 encoding and is emitted as
; `and.l #65535,%d0` / `ext.l %d0`. Used by dreg-test.sh.
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k-unknown-none-elf"

define i8 @bug6_zext_addr(i16 %x, i16 %y) {
  %s = add i16 %x, %y
  %z = zext i16 %s to i32
  %p = inttoptr i32 %z to ptr
  %v = load volatile i8, ptr %p
  ret i8 %v
}

define i8 @bug6_sext_addr(i16 %x, i16 %y) {
  %s = add i16 %x, %y
  %z = sext i16 %s to i32
  %p = inttoptr i32 %z to ptr
  %v = load volatile i8, ptr %p
  ret i8 %v
}
