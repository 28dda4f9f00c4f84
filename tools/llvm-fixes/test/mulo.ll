; Functions wrapping {u,s}mul.with.overflow; mulo-test.sh expands them with the plugin
; (opt -passes=m68k-fixes) and compares against LLVM's own lowering on the host.
target triple = "m68k-unknown-none-elf"
define i32 @u32(i32 %a, i32 %b, ptr %o) {
  %r = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %a, i32 %b)
  %v = extractvalue {i32, i1} %r, 0
  %f = extractvalue {i32, i1} %r, 1
  store i1 %f, ptr %o
  ret i32 %v
}
define i32 @s32(i32 %a, i32 %b, ptr %o) {
  %r = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %a, i32 %b)
  %v = extractvalue {i32, i1} %r, 0
  %f = extractvalue {i32, i1} %r, 1
  store i1 %f, ptr %o
  ret i32 %v
}
define i64 @u64(i64 %a, i64 %b, ptr %o) {
  %r = call {i64, i1} @llvm.umul.with.overflow.i64(i64 %a, i64 %b)
  %v = extractvalue {i64, i1} %r, 0
  %f = extractvalue {i64, i1} %r, 1
  store i1 %f, ptr %o
  ret i64 %v
}
define i64 @s64(i64 %a, i64 %b, ptr %o) {
  %r = call {i64, i1} @llvm.smul.with.overflow.i64(i64 %a, i64 %b)
  %v = extractvalue {i64, i1} %r, 0
  %f = extractvalue {i64, i1} %r, 1
  store i1 %f, ptr %o
  ret i64 %v
}
define void @u128(ptr %a, ptr %b, ptr %res, ptr %o) {
  %x = load i128, ptr %a
  %y = load i128, ptr %b
  %r = call {i128, i1} @llvm.umul.with.overflow.i128(i128 %x, i128 %y)
  %v = extractvalue {i128, i1} %r, 0
  %f = extractvalue {i128, i1} %r, 1
  store i1 %f, ptr %o
  store i128 %v, ptr %res
  ret void
}
define void @s128(ptr %a, ptr %b, ptr %res, ptr %o) {
  %x = load i128, ptr %a
  %y = load i128, ptr %b
  %r = call {i128, i1} @llvm.smul.with.overflow.i128(i128 %x, i128 %y)
  %v = extractvalue {i128, i1} %r, 0
  %f = extractvalue {i128, i1} %r, 1
  store i1 %f, ptr %o
  store i128 %v, ptr %res
  ret void
}
