; <u64 as core::fmt::Display>::fmt from megacollide's selftest ROM (core, fat LTO, opt-level 2),
; extracted with llvm-extract-22 and stripped of debug info (opt-22 -strip-debug). Without the
; bug-6 fix llc-22 -O2 -mcpu=M68000 allocates the zero-extended digit-pair index to %a0 and
; emits 'and.l #65535, %a0' (encoded as 'and.l #65535, %d0'). Used by dreg-test.sh.
source_filename = "megacollide.23c27ed7a0a71175-cgu.0"
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"

@anon.c1d8a0408dce20ab1eaf86b54cf13bd4.146 = external hidden unnamed_addr constant [200 x i8], align 1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: nounwind
declare hidden fastcc noundef zeroext i1 @_RNvMsa_NtCskO0o36a3izb_4core3fmtNtB5_9Formatter12pad_integral(ptr noalias noundef nonnull align 2 captures(none) dereferenceable(16), i1 noundef zeroext, ptr noalias noundef nonnull readonly captures(address, read_provenance), i32 noundef range(i32 0, 3), ptr noalias noundef nonnull readonly captures(address, read_provenance), i32 noundef range(i32 -2147483644, -2147483648)) unnamed_addr #3

; Function Attrs: nounwind
define hidden noundef zeroext i1 @_RNvXsi_NtNtNtCskO0o36a3izb_4core3fmt3num3impyNtB9_7Display3fmt(ptr noalias noundef readonly align 4 captures(none) dereferenceable(8) %0, ptr noalias noundef align 2 captures(none) dereferenceable(16) %1) unnamed_addr #3 {
  %3 = alloca [20 x i8], align 1
  %4 = call ptr asm "", "=r,0"(ptr nonnull %3) #4
  call void @llvm.lifetime.start.p0(ptr nonnull %3)
  %5 = load i64, ptr %0, align 4, !noundef !4
  tail call void @llvm.experimental.noalias.scope.decl(metadata !5)
  tail call void @llvm.experimental.noalias.scope.decl(metadata !8)
  %6 = icmp ugt i64 %5, 999
  br i1 %6, label %.preheader, label %.loopexit

.loopexit:                                        ; preds = %.preheader, %2
  %7 = phi i64 [ %5, %2 ], [ %15, %.preheader ]
  %8 = phi i32 [ 20, %2 ], [ %13, %.preheader ]
  %9 = icmp samesign ugt i64 %7, 9
  br i1 %9, label %37, label %53

.preheader:                                       ; preds = %2, %.preheader
  %10 = phi i32 [ %13, %.preheader ], [ 20, %2 ]
  %11 = phi i64 [ %15, %.preheader ], [ %5, %2 ]
  %12 = icmp ne i32 %10, 0
  tail call void @llvm.assume(i1 %12)
  %13 = add nsw i32 %10, -4
  %14 = tail call i64 @__umoddi3(i64 %11, i64 10000) #5
  %15 = tail call i64 @__udivdi3(i64 %11, i64 10000) #5
  %16 = trunc nuw nsw i64 %14 to i16
  %.frozen = freeze i16 %16
  %17 = udiv i16 %.frozen, 100
  %18 = mul i16 %17, 100
  %.decomposed = sub i16 %.frozen, %18
  %19 = shl nuw nsw i16 %17, 1
  %20 = zext nneg i16 %19 to i32
  %21 = getelementptr inbounds nuw i8, ptr %4, i32 %13
  %22 = getelementptr inbounds nuw i8, ptr @anon.c1d8a0408dce20ab1eaf86b54cf13bd4.146, i32 %20
  %23 = load i8, ptr %22, align 1, !noalias !11, !noundef !4
  store i8 %23, ptr %21, align 1, !alias.scope !11
  %24 = getelementptr i8, ptr %4, i32 %10
  %25 = getelementptr i8, ptr %24, i32 -3
  %26 = getelementptr inbounds nuw i8, ptr %22, i32 1
  %27 = load i8, ptr %26, align 1, !noalias !11, !noundef !4
  store i8 %27, ptr %25, align 1, !alias.scope !11
  %28 = shl nuw nsw i16 %.decomposed, 1
  %29 = zext nneg i16 %28 to i32
  %30 = getelementptr i8, ptr %24, i32 -2
  %31 = getelementptr inbounds nuw i8, ptr @anon.c1d8a0408dce20ab1eaf86b54cf13bd4.146, i32 %29
  %32 = load i8, ptr %31, align 1, !noalias !11, !noundef !4
  store i8 %32, ptr %30, align 1, !alias.scope !11
  %33 = getelementptr i8, ptr %24, i32 -1
  %34 = getelementptr inbounds nuw i8, ptr %31, i32 1
  %35 = load i8, ptr %34, align 1, !noalias !11, !noundef !4
  store i8 %35, ptr %33, align 1, !alias.scope !11
  %36 = icmp ugt i64 %11, 9999999
  br i1 %36, label %.preheader, label %.loopexit

37:                                               ; preds = %.loopexit
  %38 = icmp samesign ugt i32 %8, 1
  tail call void @llvm.assume(i1 %38)
  %39 = add nsw i32 %8, -2
  %40 = trunc nuw i64 %7 to i16
  %.frozen8 = freeze i16 %40
  %41 = udiv i16 %.frozen8, 100
  %42 = zext nneg i16 %41 to i64
  %43 = mul i16 %41, 100
  %.decomposed9 = sub i16 %.frozen8, %43
  %44 = shl nuw nsw i16 %.decomposed9, 1
  %45 = zext nneg i16 %44 to i32
  %46 = getelementptr inbounds nuw i8, ptr %4, i32 %39
  %47 = getelementptr inbounds nuw i8, ptr @anon.c1d8a0408dce20ab1eaf86b54cf13bd4.146, i32 %45
  %48 = load i8, ptr %47, align 1, !noalias !11, !noundef !4
  store i8 %48, ptr %46, align 1, !alias.scope !11
  %49 = getelementptr i8, ptr %4, i32 %8
  %50 = getelementptr i8, ptr %49, i32 -1
  %51 = getelementptr inbounds nuw i8, ptr %47, i32 1
  %52 = load i8, ptr %51, align 1, !noalias !11, !noundef !4
  store i8 %52, ptr %50, align 1, !alias.scope !11
  br label %53

53:                                               ; preds = %37, %.loopexit
  %54 = phi i64 [ %42, %37 ], [ %7, %.loopexit ]
  %55 = phi i32 [ %39, %37 ], [ %8, %.loopexit ]
  %56 = icmp ne i64 %54, 0
  %57 = icmp eq i64 %5, 0
  %58 = or i1 %57, %56
  br i1 %58, label %59, label %68

59:                                               ; preds = %53
  %60 = icmp ne i32 %55, 0
  tail call void @llvm.assume(i1 %60)
  %61 = add nsw i32 %55, -1
  %62 = trunc nuw nsw i64 %54 to i32
  %63 = shl nuw nsw i32 %62, 1
  %64 = getelementptr inbounds nuw i8, ptr %4, i32 %61
  %65 = getelementptr inbounds nuw i8, ptr @anon.c1d8a0408dce20ab1eaf86b54cf13bd4.146, i32 %63
  %66 = getelementptr inbounds nuw i8, ptr %65, i32 1
  %67 = load i8, ptr %66, align 1, !noalias !11, !noundef !4
  store i8 %67, ptr %64, align 1, !alias.scope !11
  br label %68

68:                                               ; preds = %59, %53
  %69 = phi i32 [ %61, %59 ], [ %55, %53 ]
  %70 = sub nuw nsw i32 20, %69
  %71 = getelementptr inbounds nuw i8, ptr %4, i32 %69
  %72 = call fastcc noundef zeroext i1 @_RNvMsa_NtCskO0o36a3izb_4core3fmtNtB5_9Formatter12pad_integral(ptr noalias noundef nonnull align 2 dereferenceable(16) %1, i1 noundef zeroext true, ptr noalias noundef nonnull readonly captures(address, read_provenance) inttoptr (i32 1 to ptr), i32 noundef 0, ptr noalias noundef nonnull readonly captures(address, read_provenance) %71, i32 noundef %70) #5
  call void @llvm.lifetime.end.p0(ptr nonnull %3)
  ret i1 %72
}

declare i64 @__umoddi3(i64, i64) local_unnamed_addr

declare i64 @__udivdi3(i64, i64) local_unnamed_addr

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { nounwind "target-cpu"="M68000" }
attributes #4 = { nounwind memory(none) }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"Code Model", i32 3}
!1 = !{i32 7, !"Dwarf Version", i32 4}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{!"rustc version 1.96.0 (ac68faa20 2026-05-25) (built from a source tarball)"}
!4 = !{}
!5 = !{!6}
!6 = distinct !{!6, !7, !"_RNvMsk_NtNtNtCskO0o36a3izb_4core3fmt3num3impy4__fmt: argument 0"}
!7 = distinct !{!7, !"_RNvMsk_NtNtNtCskO0o36a3izb_4core3fmt3num3impy4__fmt"}
!8 = !{!9}
!9 = distinct !{!9, !10, !"_RNvMsk_NtNtNtCskO0o36a3izb_4core3fmt3num3impy10__fmt_inner: argument 0"}
!10 = distinct !{!10, !"_RNvMsk_NtNtNtCskO0o36a3izb_4core3fmt3num3impy10__fmt_inner"}
!11 = !{!9, !6}
