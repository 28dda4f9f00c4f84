; megacollide Z80 sound driver (pasmo syntax; assembled by src/megadrive/build.rs).
;
; Plays a music stream (YM2612 FM + SN76489 PSG register writes, 60 ticks a second on NTSC
; and PAL alike), a PSG effect stream that takes PSG channels from the music and gives them
; back, and an 8-bit PCM effect on the YM2612's DAC (FM channel 6, taken from the music while
; the effect plays). romtool (tools/romtool-sound/) writes the streams.
;
; The protocol (the stream op codes, the music op codes, the mailbox and status addresses, the
; rates) is defined once, in src/megadrive/src/sound/protocol.rs (megadrive::sound::protocol,
; where the stream format and the mailbox are described): build.rs writes it as the equates
; of sound_protocol.inc, included here. Do not define those names (or copy their values)
; here: src/megadrive/tests/protocol.rs checks that every one of them reaches this code. (Where
; the code tests a value with a shorter instruction than a compare, e.g. `dec a` for
; MUSIC_PLAYING = 1, protocol.rs checks that value when it compiles.)
;
; Timing. The YM2612's Timer A overflows at the PCM rate (every PCM_PERIOD YM samples:
; 53,267 / 8 = 6,658 Hz NTSC, 52,781 / 8 = 6,598 Hz PAL; at 6 or 7 the Z80, the 68000's bus
; requests included, missed 3 to 7 % of the slots in Genesis Plus GX); Timer B every 16 x 16 YM samples
; (4.81 ms NTSC, 4.85 ms PAL) adds TICK_NTSC or TICK_PAL (picked by the video standard the
; 68000 wrote to MB_STD) to a 16-bit accumulator, and each carry is one 60 Hz tick. Both
; flags are polled: Timer A at the POLL points (the main loop and inside every unit: at
; most about 200 Z80 cycles apart, so a sample is never lost), Timer B by the main loop
; (no unit lasts 4.8 ms).
;
; DMA. A 68000 DMA from ROM or RAM to the VDP owns the 68000 bus, and a Z80 access to that
; bus (ROM through the bank window, the PSG and the VDP at 7Fxxh) then stalls or reads
; garbage. Every access of the 68000 bus is in a "bus unit" (bounded: one stream command or
; one burst of at most REFILL_BURST PCM bytes). A bus unit starts by setting ST_BUSY and then
; reading MB_DMA: if the 68000 has opened a DMA window the unit is skipped. The 68000 opens a
; window by writing MB_DMA = 1 and then waiting until it reads ST_BUSY = 0 (both under a
; bus request), so the Z80 is never inside a unit while a DMA runs. The PCM effect plays from
; a 256-byte ring in Z80 RAM (38 ms of sound), refilled from ROM between windows, so the
; DAC keeps its rate through the DMA; music ticks that fall inside a window are played as
; soon as it closes (music_due counts them), so the tempo does not drift.

        include "sound_protocol.inc"

; ---- hardware -------------------------------------------------------------------------------
YM_A0           equ 4000h       ; YM2612 address, part I; reading it gives the status
YM_D0           equ 4001h
YM_A1           equ 4002h       ; part II
YM_D1           equ 4003h
BANKREG         equ 6000h       ; 68000 bank register: 9 writes of one bit, A15 first
PSG             equ 7F11h       ; SN76489 (through the 68000 bus)

; ---- tuning ---------------------------------------------------------------------------------
; From the protocol: PCM_PERIOD (YM samples per PCM sample), TIMER_B_COUNT (Timer B counts of
; 16 YM samples a period), TICK_NTSC and TICK_PAL (65536 x 60 x 144 x 16 x TIMER_B_COUNT / the
; YM clock, rounded: 7,670,453 Hz NTSC, 7,600,489 Hz PAL).
TA_VALUE        equ 1024-PCM_PERIOD
TB_VALUE        equ 256-TIMER_B_COUNT ; Timer B: 16 x 16 YM samples (4.81 ms NTSC)
REFILL_BURST    equ 64          ; PCM bytes a refill unit copies from ROM at most (it stops
                                ; early when a DMA window opens: it checks every 2 bytes)

; ---- RAM ------------------------------------------------------------------------------------
RING            equ 1C00h       ; PCM ring (256 bytes, page aligned)
VOLTAB          equ 1D00h       ; PCM volume table (256 bytes, page aligned)
STACKTOP        equ 1C00h       ; the stack grows down below the ring

; Variables (zero at start: the 68000 clears Z80 RAM before it loads the driver).
V               equ VARIABLES   ; 1E00h (the protocol: sound::init clears from there)
cur_bank        equ V+0         ; dw: bank register value (9 bits); FFFFh = unknown
tick_acc        equ V+2         ; dw
tick_inc        equ V+4         ; dw: TICK_NTSC or TICK_PAL
t27             equ V+6         ; db: register 27h without the reset bits (CH3 mode, timers)
t27ra           equ V+7         ; db: t27 | 10h (reset the Timer A flag)
music_state     equ V+8         ; db: 0 stopped, 1 playing, 2 paused
music_due       equ V+9         ; db (signed): ticks the music may still play
music_ptr       equ V+10        ; dw: window address (8000h-FFFFh)
music_bank      equ V+12        ; dw
loop_ptr        equ V+14        ; dw
loop_bank       equ V+16        ; dw: FFFFh = no loop
fade_speed      equ V+18        ; db: ticks per fade step (0: no fade)
fade_count      equ V+19        ; db
fade_atten      equ V+20        ; db: 0..127
master_atten    equ V+21        ; db: 0..127 (0.75 dB steps)
music_atten     equ V+22        ; db: what the music's FM carriers get
psg_music_att   equ V+23        ; db: what the music's PSG volumes get (0..15)
psg_sfx_att     equ V+24        ; db: what the PSG effect's volumes get (0..15)
pcm_prio        equ V+25        ; db: priority + 1 of the playing PCM effect (0: none)
pcm_src         equ V+26        ; dw: window address of the next byte to fetch
pcm_bank        equ V+28        ; dw
pcm_left        equ V+30        ; dw: bytes still to fetch from ROM
ring_wr         equ V+32        ; db: low byte of the ring's write pointer
sfx_prio        equ V+33        ; db: priority + 1 of the playing PSG effect (0: none)
sfx_ptr         equ V+34        ; dw
sfx_bank        equ V+36        ; dw
sfx_mask        equ V+38        ; db: PSG channels the effect has taken (bits 0-3)
sfx_due         equ V+39        ; db (signed)
refresh         equ V+40        ; db: FM carrier levels still to rewrite (24..1, 0: none)
psg_refresh     equ V+41        ; db: music PSG volumes still to rewrite (bits 0-3)
pcm_scale       equ V+42        ; db: 0..16 (16: full)
vt_acc          equ V+43        ; dw: volume table build accumulator
vt_index        equ V+45        ; db
vt_busy         equ V+46        ; db: 1 while the volume table is being rebuilt
pan6            equ V+47        ; db: the music's register B6h (part II): FM6 pan
mtick           equ V+50        ; dw: music ticks played
tmp             equ V+52        ; db
ticks           equ V+53        ; db: 60 Hz ticks counted by timer_b, not yet played
shadow_alg      equ V+56        ; 6 bytes: algorithm of FM channel 0..5
shadow_tl       equ V+64        ; 24 bytes: total level, channel * 4 + slot
psg_shadow      equ V+96        ; 12 bytes: channel * 3 + (tone latch, tone data, volume latch)

; Mailbox (MB_*, 1F00h: the 68000 writes these while it holds the Z80 bus) and status (ST_*,
; 1F80h: the Z80 writes these, the 68000 and the tests read them; ST_READY to ST_WSUM + 1 is
; the copy in 68000 RAM, megadrive::sound::Status): the protocol's, with their layout.

; POLL: a PCM sample if Timer A has overflowed. Preserves BC, DE, HL.
POLL    macro
        ld a,(YM_A0)
        rrca
        call c,timer_a
        endm

; ---- start ----------------------------------------------------------------------------------
        org 0
        di
        im 1
        ld sp,STACKTOP
        jp init

; ---- init -----------------------------------------------------------------------------------
init:
        ld hl,0FFFFh
        ld (cur_bank),hl
        ld (loop_bank),hl
        ld a,0C0h
        ld (pan6),a
        ld a,PCM_SCALE_FULL
        ld (pcm_scale),a
        ld hl,VOLTAB            ; identity volume table
        xor a
init_vt:
        ld (hl),a
        inc a
        inc l
        jr nz,init_vt
        ld hl,TICK_NTSC
        ld a,(MB_STD)
        or a
        jr z,init_std
        ld hl,TICK_PAL
init_std:
        ld (tick_inc),hl
        ld hl,psg_shadow        ; PSG shadows: tone 0, silent
        ld b,4
        ld a,80h
init_psg:
        ld (hl),a               ; tone latch
        inc hl
        ld (hl),0
        inc hl
        or 1Fh
        ld (hl),a               ; volume latch, attenuation 15
        inc hl
        and 0E0h
        add a,20h
        djnz init_psg
        call fm_key_off_all
        ld de,2B00h             ; DAC off
        call ym_w0
        ld de,2400h+(TA_VALUE SHR 2)
        call ym_w0
        ld de,2500h+(TA_VALUE AND 3)
        call ym_w0
        ld de,2600h+TB_VALUE
        call ym_w0
        ld a,0Ah                ; Timer B runs and flags; Timer A stopped until a PCM effect
        call set_t27
        ld de,273Ah             ; reset both flags
        call ym_w0
        exx
        ld hl,YM_A0             ; the sample path's registers: HL' the YM2612,
        ld bc,RING              ; BC' the ring's read pointer, DE' the samples left
        ld de,0
        exx
        ld ix,0                 ; Fletcher-16 of the PCM bytes fetched (IXL, IXH)
        ld iy,0                 ; Fletcher-16 of the music's writes (IYL, IYH)
        ld a,0Fh                ; the PSG's volumes written by a bus unit (DMA guard)
        ld (psg_refresh),a
        ld a,READY_MARK
        ld (ST_READY),a

; ---- main loop ------------------------------------------------------------------------------
main_loop:
        POLL
        ld a,(YM_A0)
        and 2
        call nz,timer_b
        ld a,(ticks)            ; rare work first, in one test
        ld hl,MB_PENDING
        or (hl)
        ld hl,refresh
        or (hl)
        ld hl,vt_busy
        or (hl)
        jp nz,other_work
        ; 68000-bus work: choose a unit, then enter it through the DMA guard. (Between two
        ; POLLs at most about 200 Z80 cycles pass: a PCM sample is never missed.)
        ld b,0                  ; B = 1: the ring may take a burst
        ld hl,(pcm_left)
        ld a,h
        or l
        jr z,ml_streams
        exx
        ld a,c
        exx
        ld hl,ring_wr
        scf
        sbc a,(hl)              ; free bytes in the ring
        ld hl,refill_unit
        cp 192
        jr nc,bus_unit          ; less than 64 bytes (10 ms) in the ring: refill first
        cp 16
        rl b                    ; carry (fewer than 16 free) -> B = 1 ...
        inc b                   ; ... -> 2, else 1 (see ml_refill)
ml_streams:
        POLL
        ld a,(sfx_due)          ; 0 unless a PSG effect plays
        dec a
        ld hl,sfx_unit
        jp p,bus_unit
        ld a,(psg_refresh)
        or a
        ld hl,psg_refresh_unit
        jr nz,bus_unit
        ld a,(music_due)        ; 0 unless music plays
        dec a
        ld hl,music_unit
        jp p,bus_unit
        dec b                   ; B = 1: a refill fits
        jp nz,main_loop
        ld hl,refill_unit
; bus_unit: run the unit at HL unless a DMA window is open (see the header).
bus_unit:
        ld a,1
        ld (ST_BUSY),a
        ld a,(MB_DMA)
        or a
        jr nz,bus_put_off
        ld de,bus_done
        push de
        POLL
        jp (hl)
bus_done:
        xor a
        ld (ST_BUSY),a
        jp main_loop
bus_put_off:
        xor a
        ld (ST_BUSY),a
        ld hl,(ST_WINDOWS)
        inc hl
        ld (ST_WINDOWS),hl
        jp main_loop

; other_work: a tick, commands, a carrier level or the volume table (rare).
other_work:
        ld a,(ticks)
        or a
        jp nz,tick
        ld a,(MB_PENDING)
        or a
        jp nz,commands
        ld a,(refresh)
        or a
        jp nz,refresh_unit
        jp voltab_unit

; ring_free: A = bytes the ring can still take (255 - used). Uses the shadow set's C.
ring_free:
        exx
        ld a,c
        exx
        ld hl,ring_wr
        scf
        sbc a,(hl)              ; rd - wr - 1 (mod 256)
        ret

; ---- timers ---------------------------------------------------------------------------------
; timer_a: one PCM sample slot (about 150 Z80 cycles with the POLL's call; a slot is 538). Preserves BC, DE, HL,
; IX, IY; uses A, F and the shadow set: HL' = YM_A0, BC' the ring's read pointer, DE' the
; samples left.
timer_a:
        exx
ta_busy1:
        bit 7,(hl)
        jr nz,ta_busy1
        ld (hl),27h             ; reset the Timer A flag
        inc l
        ld a,(t27ra)
        ld (hl),a
        dec l
        ld a,d
        or e
        jr z,ta_out             ; no effect (a flag left over from its end)
        ld a,(ring_wr)
        cp c
        jr z,ta_under
        ld a,(bc)
        inc c
        dec de
        ld (hl),2Ah             ; the DAC (the ring's work above covers the busy time)
        inc l
        ld (hl),a
        dec l
        ld a,d
        or e
        call z,pcm_end
ta_out:
        exx
        ret
ta_under:
        ld a,(ST_UNDER)
        inc a
        ld (ST_UNDER),a
        exx
        ret

; timer_b: Timer B (4.8 ms) adds to the tick accumulator; a carry is a 60 Hz tick for the
; main loop. Preserves BC, DE, HL.
timer_b:
        push hl
        push de
        ld hl,YM_A0
tb_busy:
        bit 7,(hl)
        jr nz,tb_busy
        ld (hl),27h             ; reset the Timer B flag
        inc l
        ld a,(t27)
        or 20h
        ld (hl),a
        ld hl,(ST_HEART)
        inc hl
        ld (ST_HEART),hl
        ld hl,(tick_acc)
        ld de,(tick_inc)
        add hl,de
        ld (tick_acc),hl
        jr nc,tb_out
        ld hl,ticks
        inc (hl)
tb_out: pop de
        pop hl
        ret

; tick: a 60 Hz tick (the heartbeat): the music and the PSG effect may play one more tick's
; commands, a fade step.
tick:
        dec a
        ld (ticks),a
        ld hl,(ST_TICKS)
        inc hl
        ld (ST_TICKS),hl
        ld (ST_PCMSUM),ix
        exx
        ld (ST_LEFT),de
        exx
        ld a,(sfx_prio)
        or a
        jr z,tb_music
        ld hl,sfx_due
        inc (hl)
tb_music:
        ld a,(music_state)
        dec a                   ; MUSIC_PLAYING (1)?
        jp nz,main_loop
        ld hl,music_due
        ld a,(hl)
        or a
        jp m,tb_inc
        cp 100
        jr nc,tb_fade           ; far behind (a long DMA): do not let the count wrap
tb_inc: inc (hl)
tb_fade:
        ld a,(fade_speed)
        or a
        jp z,main_loop
        ld hl,fade_count
        dec (hl)
        jp nz,main_loop
        ld (hl),a
        ld a,(fade_atten)
        add a,4
        cp 128
        jp nc,fade_done
        ld (fade_atten),a
        call update_atten
        jp main_loop
fade_done:
        call music_stop
        jp main_loop

; ---- commands from the 68000 ------------------------------------------------------------------
commands:
        xor a
        ld (MB_PENDING),a
        ld a,(MB_VOL)
        ld hl,ST_ACK_VOL
        cp (hl)
        call nz,cmd_volume
        ld a,(MB_MUSIC)
        ld hl,ST_ACK_MUSIC
        cp (hl)
        call nz,cmd_music
        ld a,(MB_PCM)
        ld hl,ST_ACK_PCM
        cp (hl)
        call nz,cmd_pcm
        ld a,(MB_SFX)
        ld hl,ST_ACK_SFX
        cp (hl)
        call nz,cmd_sfx
        jp main_loop

; cmd_volume: A = the block's sequence number.
cmd_volume:
        ld (ST_ACK_VOL),a
        ld a,(MB_VOL_ATTEN)
        ld (master_atten),a
        ld a,(MB_VOL_PCM_SCALE)
        ld (pcm_scale),a
        ; the volume table: entry i = (2048 + (i - 128) x scale) / 16, built 4 entries a unit
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl               ; 128 x scale
        ex de,hl
        ld hl,2048
        or a
        sbc hl,de
        ld (vt_acc),hl
        xor a
        ld (vt_index),a
        inc a
        ld (vt_busy),a
        jp update_atten

; cmd_music: A = the block's sequence number.
cmd_music:
        ld (ST_ACK_MUSIC),a
        ld a,(MB_MUSIC_OP)
        cp MUSIC_START
        jr z,cm_start
        cp MUSIC_STOP
        jp z,music_stop
        cp MUSIC_PAUSE
        jr z,cm_pause
        cp MUSIC_RESUME
        jr z,cm_resume
        cp MUSIC_FADE
        ret nz
        ld a,(music_state)      ; fade out
        or a
        ret z
        ld a,(MB_MUSIC_FADE)
        or a
        jp z,music_stop
        ld (fade_speed),a
        ld (fade_count),a
        ret
cm_pause:
        ld a,(music_state)
        cp MUSIC_PLAYING
        ret nz
        xor a
        ld (music_due),a        ; the rest of this tick plays after the pause
        ld a,MUSIC_PAUSED
        ld (music_state),a
        ld (ST_MUSIC),a
        jp update_atten
cm_resume:
        ld a,(music_state)
        cp MUSIC_PAUSED
        ret nz
        dec a                   ; MUSIC_PLAYING
        ld (music_state),a
        ld (ST_MUSIC),a
        jp update_atten
cm_start:
        call fm_key_off_all
        ld hl,MB_MUSIC_ADDR
        call addr_to_bank
        ld (music_ptr),hl
        ld (music_bank),de
        ld hl,0FFFFh
        ld (loop_bank),hl
        ld a,(MB_MUSIC_LOOP+2)   ; the high byte: FFh, no loop
        inc a
        jr z,cm_noloop
        ld hl,MB_MUSIC_LOOP
        call addr_to_bank
        ld (loop_ptr),hl
        ld (loop_bank),de
cm_noloop:
        xor a
        ld (fade_atten),a
        ld (fade_speed),a
        ld hl,0
        ld iy,0
        ld (mtick),hl
        ld (ST_WSUM),hl
        ld (ST_MTICK),hl
        inc a                   ; 1: a tick due, and MUSIC_PLAYING
        ld (music_due),a
        ld (music_state),a
        ld (ST_MUSIC),a
        ld a,0C0h
        ld (pan6),a
        jp update_atten

; cmd_pcm: A = the block's sequence number. A new effect replaces the playing one unless
; the playing one has a higher priority.
cmd_pcm:
        ld (ST_ACK_PCM),a
        ld a,(MB_PCM_PRIORITY)
        inc a
        ld b,a
        ld a,(pcm_prio)
        cp b
        jr z,cp_take
        ret nc                  ; the playing effect has the higher priority
cp_take:
        ld a,b
        ld (pcm_prio),a
        ld (ST_PCM),a
        ld hl,MB_PCM_ADDR
        call addr_to_bank
        ld (pcm_src),hl
        ld (pcm_bank),de
        ld hl,(MB_PCM_LENGTH)
        ld a,h
        or l
        ret z                   ; nothing to play
        ld (pcm_left),hl
        push hl
        exx
        pop de                  ; DE' = samples to play
        ld bc,RING              ; the ring is empty
        exx
        xor a
        ld (ring_wr),a
        ld ix,0                 ; ST_PCMSUM: this effect's bytes
        ld hl,(ST_TICKS)
        ld (ST_PCMSTART),hl
        ld hl,(ST_PCMCOUNT)
        inc hl
        ld (ST_PCMCOUNT),hl
        ; take FM6: DAC on, both speakers, the DAC at its centre; Timer A starts with the
        ; first burst in the ring (refill_unit)
        ld de,2B80h
        call ym_w0
        ld de,0B6C0h
        call ym_w1
        ld de,2A80h
        call ym_w0
        ld a,(t27)              ; Timer A stopped until then
        and 0FAh
        call set_t27
        ld a,(t27ra)
        ld e,a
        ld d,27h
        jp ym_w0

; pcm_end: the last sample was played (called from timer_a, shadow set active: preserves
; everything but A, F). Gives FM6 back to the music and stops Timer A.
pcm_end:
        push bc
        push de
        push hl
        xor a
        ld (pcm_prio),a
        ld (ST_PCM),a
        ld hl,0
        ld (pcm_left),hl
        ld (ST_LEFT),hl
        ld (ST_PCMSUM),ix
        ld a,(t27)
        and 0FAh
        call set_t27
        ld a,(t27ra)
        ld e,a
        ld d,27h
        call ym_w0
        ld de,2B00h
        call ym_w0
        ld a,(pan6)
        ld e,a
        ld d,0B6h
        call ym_w1
        pop hl
        pop de
        pop bc
        ret

; cmd_sfx: A = the block's sequence number. Priority as for cmd_pcm.
cmd_sfx:
        ld (ST_ACK_SFX),a
        ld a,(MB_SFX_PRIORITY)
        inc a
        ld b,a
        ld a,(sfx_prio)
        cp b
        jr z,cs_take
        ret nc
cs_take:
        ld a,(sfx_prio)
        or a
        call nz,sfx_release     ; the playing effect's channels go back first
        ld a,b
        ld (sfx_prio),a
        ld (ST_SFX),a
        ld hl,MB_SFX_ADDR
        call addr_to_bank
        ld (sfx_ptr),hl
        ld (sfx_bank),de
        ld a,(MB_SFX_CHANNELS)
        and 0Fh
        ld (sfx_mask),a
        ld a,1
        ld (sfx_due),a
        ld hl,(ST_SFXCOUNT)
        inc hl
        ld (ST_SFXCOUNT),hl
        ret

; sfx_release: the PSG effect ends: its channels get the music's shadow back (written by
; psg_restore_unit, a bus unit).
sfx_release:
        ld a,(sfx_mask)
        ld hl,psg_refresh
        or (hl)
        ld (hl),a
        ld a,80h                ; restore the tones too (bit 7: see psg_refresh_unit)
        or (hl)
        ld (hl),a
        xor a
        ld (sfx_mask),a
        ld (sfx_prio),a
        ld (sfx_due),a
        ld (ST_SFX),a
        ret

; addr_to_bank: HL points at a 68000 address (lo, mid, hi). Returns DE = bank (address >>
; 15), HL = window address (8000h | address & 7FFFh).
addr_to_bank:
        ld c,(hl)
        inc hl
        ld b,(hl)
        inc hl
        ld l,(hl)
        ld h,0
        add hl,hl
        ld a,b
        rlca
        and 1
        or l
        ld l,a
        ex de,hl
        ld a,b
        or 80h
        ld h,a
        ld l,c
        ret

; set_t27: A = new t27 (timer enables and CH3 mode, no reset bits).
set_t27:
        ld (t27),a
        or 10h
        ld (t27ra),a
        ret

; update_atten: recomputes the attenuations from the master volume, the fade and the pause,
; and schedules the rewrite of every FM carrier level and music PSG volume.
update_atten:
        ld a,(music_state)
        cp MUSIC_PLAYING
        ld a,127
        jr nz,ua_set            ; stopped or paused: silent
        ld a,(master_atten)
        ld b,a
        ld a,(fade_atten)
        add a,b
        jr c,ua_max
        jp p,ua_set
ua_max: ld a,127
ua_set:
        ld (music_atten),a
        call psg_of
        ld (psg_music_att),a
        ld a,(master_atten)
        call psg_of
        ld (psg_sfx_att),a
        ld a,24
        ld (refresh),a
        ld a,(psg_refresh)
        or 0Fh
        ld (psg_refresh),a
        ret
; psg_of: A = FM attenuation (0.75 dB steps) -> PSG attenuation (2 dB steps), A x 3 / 8, at most 15.
psg_of:
        srl a
        srl a
        ld b,a
        srl a
        add a,b
        cp 16
        ret c
        ld a,15
        ret

; ---- units without the 68000 bus ----------------------------------------------------------
; refresh_unit: rewrites one FM carrier's total level with the current attenuation.
refresh_unit:
        dec a
        ld (refresh),a
        ld c,a                  ; channel * 4 + slot
        ld e,a
        ld d,0
        ld hl,shadow_tl
        add hl,de
        ld b,(hl)               ; the music's level
        srl a
        srl a
        ld e,a                  ; channel 0..5
        ld hl,shadow_alg
        add hl,de
        ld a,(hl)
        ld hl,carriers
        add a,l
        ld l,a
        jr nc,ru1
        inc h
ru1:    ld a,c
        and 3
        ld d,(hl)               ; carrier slots of the algorithm
        inc a
ru2:    rrc d
        dec a
        jr nz,ru2
        jp nc,main_loop         ; a modulator: unchanged
        ld a,(music_atten)
        add a,b
        jp p,ru3
        ld a,127
ru3:    ld l,a                  ; level
        ld a,c
        and 3
        add a,a
        add a,a                 ; slot * 4
        ld b,a
        ld a,e
        cp 3
        jr c,ru4
        sub 3
ru4:    add a,b
        add a,40h
        ld d,a                  ; register
        ld a,l
        ld e,a
        ld a,c
        cp 12
        jr nc,ru5
        call ym_w0
        jp main_loop
ru5:    call ym_w1
        jp main_loop

; voltab_unit: four more entries of the PCM volume table.
voltab_unit:
        ld hl,(vt_acc)
        ld a,(vt_index)
        ld e,a
        ld d,VOLTAB SHR 8
        ld a,(pcm_scale)
        ld c,a
        ld b,0
        ld a,4
        ld (tmp),a
vu1:    ld a,l                  ; (HL >> 4) & FFh: HL < 1000h
        and 0F0h
        or h
        rrca
        rrca
        rrca
        rrca
        ld (de),a
        add hl,bc
        inc e
        jr z,vu_done
        ld a,(tmp)
        dec a
        ld (tmp),a
        jr nz,vu1
        ld (vt_acc),hl
        ld a,e
        ld (vt_index),a
        jp main_loop
vu_done:
        xor a
        ld (vt_busy),a
        jp main_loop

; ---- bus units --------------------------------------------------------------------------------
; refill_unit: copies up to REFILL_BURST bytes of the PCM effect from ROM into the ring,
; through the volume table, and adds them to the Fletcher-16 in IX (ST_PCMSUM: the tests
; compare it with the effect's samples). A burst does not cross a 256-byte page of ROM, and
; it stops after any byte when the 68000 opens a DMA window (so the 68000 waits for at most
; one byte and a PCM sample).
REFILL_BYTE macro
        ld c,(hl)               ; a byte of ROM
        ld a,(bc)               ; at the volume
        ld (de),a
        add a,ixl
        ld ixl,a
        add a,ixh
        ld ixh,a
        inc e
        inc l
        endm
FAST_BYTE macro
        ld a,(hl)               ; a byte of ROM
        ld (de),a
        add a,ixl
        ld ixl,a
        add a,ixh
        ld ixh,a
        inc e
        inc l
        endm
refill_unit:
        ld de,(pcm_bank)
        ld hl,(cur_bank)
        or a
        sbc hl,de
        call nz,write_bank
        POLL
        ld a,(MB_DMA)           ; a window opened meanwhile: not now
        or a
        ret nz
        call ring_free
        ld b,a
        ld hl,(pcm_left)
        ld a,h
        or a
        ld a,REFILL_BURST
        jr nz,rf1
        cp l
        jr c,rf1
        ld a,l
rf1:    cp b                    ; at most what the ring takes
        jr c,rf2
        ld a,b
rf2:    ld b,a
        ld a,(pcm_src)          ; at most to the end of the ROM page
        neg
        jr z,rf5                ; 0: the whole page is left
        cp b
        jr nc,rf5
        ld b,a
rf5:    ld a,b
        or a
        ret z
        ld (tmp),a              ; the burst planned
        ld hl,(pcm_src)
        ld c,a
        ld a,(ring_wr)
        ld e,a
        ld d,RING SHR 8
        ld a,(pcm_scale)
        cp PCM_SCALE_FULL
        jr nz,rf_scaled
        ld b,c                  ; full volume: the bytes as they are, B = bytes to copy
        POLL
rf6:    FAST_BYTE
        dec b
        jr z,rf7
        ld a,(MB_DMA)
        or a
        jr nz,rf7
        FAST_BYTE
        dec b
        jr z,rf7
        POLL
        ld a,(MB_DMA)
        or a
        jr z,rf6
rf7:    ld a,b                  ; bytes not copied
        jr rf4
rf_scaled:
        ld a,c
        ex af,af'               ; A' = bytes still to copy
        ld b,VOLTAB SHR 8
        POLL
rf3:    REFILL_BYTE
        ex af,af'
        dec a
        jr z,rf4
        ex af,af'
        REFILL_BYTE
        ex af,af'
        dec a
        jr z,rf4
        ex af,af'
        POLL
        ld a,(MB_DMA)
        or a
        jr z,rf3
        ex af,af'               ; a DMA window: stop (A = bytes not copied)
rf4:    ld c,a
        ld a,(tmp)
        sub c
        ld c,a
        ld b,0
        ld a,l
        or a
        call z,page_next        ; the burst ended the page
        ld (pcm_src),hl
        ld hl,(pcm_left)        ; less what was copied
        or a
        sbc hl,bc
        ld (pcm_left),hl
        ld hl,(cur_bank)
        ld (pcm_bank),hl
        ld a,e
        ld (ring_wr),a
        ld a,(t27)
        and 05h
        ret nz                  ; Timer A runs
        ld hl,(pcm_left)        ; the start: once the ring holds 32 bytes (or the whole effect)
        ld a,h
        or l
        jr z,rf_start
        exx
        ld a,c
        exx
        ld b,a
        ld a,e
        sub b                   ; bytes in the ring
        cp 32
        ret c
rf_start:
        ld a,(t27)              ; Timer A runs and flags from now
        or 05h
        call set_t27
        ld a,(t27ra)
        ld e,a
        ld d,27h
        jp ym_w0

; music_unit: one command of the music stream.
music_unit:
        ld de,(music_bank)
        ld hl,(cur_bank)
        or a
        sbc hl,de
        call nz,write_bank
        POLL
        ld a,(MB_DMA)           ; a window opened meanwhile: not now
        or a
        ret nz
        ld hl,(music_ptr)
        ld a,(hl)
        inc l
        call z,page_next
        cp OP_END
        jr c,mu_wait            ; a wait (below OP_END)
        jr z,mu_end
        cp OP_PSG
        jp nc,mu_psg
        ld b,a                  ; OP_YM0: part I, any other (OP_YM1): part II
        ld d,(hl)
        inc l
        call z,page_next
        ld e,(hl)
        inc l
        call z,page_next
        xor a                   ; off the 68000 bus: a DMA window may open now
        ld (ST_BUSY),a
        call music_saved
        POLL
        ld a,b
        cp OP_YM0
        jp z,music_fm0
        jp music_fm1
mu_wait:
        ld b,a
        xor a                   ; off the 68000 bus
        ld (ST_BUSY),a
        ld a,b
        call music_saved
        inc a                   ; wait A + 1 ticks
        ld b,a
        ld a,(music_due)
        sub b
        ld (music_due),a
        ld hl,(mtick)
        ld c,b
        ld b,0
        add hl,bc
        ld (mtick),hl
        ld (ST_MTICK),hl
        ld (ST_WSUM),iy
        ret
mu_end:
        ld hl,(loop_bank)
        ld a,h
        and l
        inc a
        jp z,music_stop         ; no loop
        ld (music_bank),hl
        ld hl,(loop_ptr)
        ld (music_ptr),hl
        ret
; music_saved: stores the stream position (HL and the current bank).
music_saved:
        ld (music_ptr),hl
        ld hl,(cur_bank)
        ld (music_bank),hl
        ret

; mu_psg: A = a PSG latch byte; a tone latch of channel 0-2 is followed by a data byte.
; The write goes to the shadow and the checksum always, to the PSG unless the effect has
; the channel.
mu_psg:
        ld c,a                  ; the latch
        rlca
        rlca
        rlca
        and 3
        ld b,a                  ; channel
        add a,a
        add a,b
        ld e,a
        ld d,0                  ; DE = channel * 3
        bit 4,c
        jr nz,mp_vol
        ld a,b
        cp 3
        jr z,mp_noise
        ld a,(hl)               ; tone data byte
        inc l
        call z,page_next
        call music_saved
        ld hl,psg_shadow
        add hl,de
        ld (hl),c
        inc hl
        ld (hl),a
        ld e,a                  ; E = data
        ld a,c
        call sum_a
        ld a,e
        call sum_a
        call music_psg_taken
        ret nz
        ld a,c
        ld (PSG),a
        ld a,e
        ld (PSG),a
        ret
mp_noise:
        call music_saved
        ld a,c
        ld (psg_shadow+9),a
        call sum_a
        call music_psg_taken
        ret nz
        ld a,c
        ld (PSG),a
        ret
mp_vol:
        call music_saved
        ld hl,psg_shadow+2
        add hl,de
        ld (hl),c
        call music_psg_taken
        ld d,a                  ; FFh: taken
        ld a,(psg_music_att)
        call psg_attenuate
        ld e,a
        call sum_a
        ld a,d
        or a
        ret nz
        ld a,e
        ld (PSG),a
        ret
; music_psg_taken: B = channel. A = FFh and NZ if the PSG effect has it, else A = 0 and Z.
; Clobbers B.
music_psg_taken:
        ld a,(sfx_mask)
        inc b
mpt1:   rrca
        djnz mpt1
        sbc a,a
        ret
; psg_attenuate: C = a volume latch, A = extra attenuation: A = the latch, attenuated.
psg_attenuate:
        ld b,a
        ld a,c
        and 0Fh
        add a,b
        cp 16
        jr c,pa1
        ld a,15
pa1:    ld b,a
        ld a,c
        and 0F0h
        or b
        ret
; music_fm0 / music_fm1: a music write of E to register D of part I / part II.
music_fm0:
        ld a,d
        cp 27h
        jr z,mf_27
        cp 0B0h
        jr c,mf0_tl
        cp 0B3h
        jr nc,mf0_out
        sub 0B0h                ; algorithm of channel 0..2
        ld c,a
        call save_alg
        jr mf0_out
mf0_tl: cp 40h
        jr c,mf0_out
        cp 50h
        jr nc,mf0_out
        ld c,0
        call tl_attenuate
mf0_out:
        POLL
        call ym_w0
        jp sum_de
mf_27:  ld a,e                  ; CH3 mode: the timers stay ours
        and 0C0h
        ld b,a
        ld a,(t27)
        and 3Fh
        or b
        call set_t27
        ld e,a
        call ym_w0
        jp sum_de
music_fm1:
        ld a,d
        cp 0B6h
        jr z,mf1_pan6
        cp 0B0h
        jr c,mf1_tl
        cp 0B3h
        jr nc,mf1_out
        sub 0B0h-3
        ld c,a
        call save_alg
        jr mf1_out
mf1_tl: cp 40h
        jr c,mf1_out
        cp 50h
        jr nc,mf1_out
        ld c,12
        call tl_attenuate
mf1_out:
        POLL
        call ym_w1
        jp sum_de
mf1_pan6:
        ld a,e
        ld (pan6),a
        ld a,(pcm_prio)         ; FM6 is the DAC's while a PCM effect plays
        or a
        jp z,mf1_out
        jp sum_de
; save_alg: C = channel 0..5, E = the register's value.
save_alg:
        ld a,e
        and 7
        ld hl,shadow_alg
        ld b,0
        add hl,bc
        ld (hl),a
        ret
; tl_attenuate: D = register 40h-4Fh, E = level, C = 0 (part I) or 12 (part II): keeps the
; level in the shadow and, for a carrier, adds the music's attenuation to E.
tl_attenuate:
        ld a,d
        and 3
        cp 3
        ret z                   ; no channel 3 in a part
        ld b,a
        add a,a
        add a,a                 ; channel in part * 4
        add a,c                 ; + part * 12
        ld c,a
        ld a,d
        rrca
        rrca
        and 3                   ; slot
        add a,c
        ld c,a                  ; shadow index
        push de
        ld e,a
        ld d,0
        ld hl,shadow_tl
        add hl,de
        pop de
        ld (hl),e
        POLL
        ld a,c                  ; channel 0..5 = index / 4
        srl a
        srl a
        push de
        ld e,a
        ld d,0
        ld hl,shadow_alg
        add hl,de
        ld a,(hl)
        ld hl,carriers
        add a,l
        ld l,a
        jr nc,ta1
        inc h
ta1:    ld b,(hl)
        pop de
        ld a,d
        rrca
        rrca
        and 3
        inc a
ta2:    rrc b
        dec a
        jr nz,ta2
        ret nc                  ; a modulator
        ld a,(music_atten)
        add a,e
        jp p,ta3
        ld a,127
ta3:    ld e,a
        ret

; carriers: the operator slots (register order 40h, 44h, 48h, 4Ch = op 1, 3, 2, 4) that are
; carriers for each algorithm.
carriers:
        db 08h,08h,08h,08h,0Ch,0Eh,0Eh,0Fh

; sum_de / sum_a: Fletcher-16 (IYL, IYH) over the music's writes (register D, value E /
; PSG byte A).
sum_de:
        ld a,d
        add a,iyl
        ld iyl,a
        add a,iyh
        ld iyh,a
        ld a,e
sum_a:
        add a,iyl
        ld iyl,a
        add a,iyh
        ld iyh,a
        ret

; psg_refresh_unit: psg_refresh (bits 0-3: channels, bit 7: their tones too). Rewrites
; the lowest channel's volume from the music's shadow at the music's attenuation (and its
; tone when bit 7 is set: an effect gave the channel back).
psg_refresh_unit:
        ld a,(psg_refresh)
        ld c,a
        ld b,0                  ; channel
        ld d,1                  ; its bit
pr1:    ld a,c
        and d
        jr nz,pr2
        inc b
        sla d
        ld a,b
        cp 4
        jr c,pr1
        xor a                   ; only bit 7 was left
        ld (psg_refresh),a
        ret
pr2:    ld a,c
        and 80h
        ld e,a                  ; E bit 7: restore the tone
        ld a,d
        cpl
        and c
        ld c,a
        and 0Fh
        jr nz,pr3
        ld c,a                  ; no channel left: bit 7 goes too
pr3:    ld a,c
        ld (psg_refresh),a
        ld a,(sfx_mask)
        and d
        ret nz                  ; the effect has it: written when it gives it back
        ld a,b
        add a,a
        add a,b
        ld hl,psg_shadow
        add a,l
        ld l,a
        jr nc,pr4
        inc h
pr4:    bit 7,e
        jr z,pr_vol
        ld a,(hl)               ; tone latch
        ld (PSG),a
        ld a,b
        cp 3
        jr z,pr_vol
        inc hl
        ld a,(hl)               ; tone data
        ld (PSG),a
        dec hl
pr_vol: inc hl
        inc hl
        ld c,(hl)
        ld a,(psg_music_att)
        call psg_attenuate
        ld (PSG),a
        ret

; sfx_unit: one command of the PSG effect's stream.
sfx_unit:
        ld de,(sfx_bank)
        ld hl,(cur_bank)
        or a
        sbc hl,de
        call nz,write_bank
        POLL
        ld a,(MB_DMA)           ; a window opened meanwhile: not now
        or a
        ret nz
        ld hl,(sfx_ptr)
        ld a,(hl)
        inc l
        call z,page_next
        cp OP_END
        jr c,su_wait            ; a wait (below OP_END)
        jp z,sfx_release
        cp OP_PSG
        jr c,su_skip            ; no FM in an effect (romtool refuses it)
        ld c,a
        bit 4,a
        jr nz,su_vol
        and 60h
        cp 60h
        jr z,su_one             ; noise
        ld a,c
        ld (PSG),a
        ld a,(hl)
        inc l
        call z,page_next
        ld (PSG),a
        jr su_saved
su_vol: ld a,(psg_sfx_att)
        call psg_attenuate
        ld (PSG),a
        jr su_saved
su_one: ld a,c
        ld (PSG),a
        jr su_saved
su_skip:
        inc l                   ; skip the two operand bytes
        call z,page_next
        inc l
        call z,page_next
        jr su_saved
su_wait:
        inc a
        ld b,a
        ld a,(sfx_due)
        sub b
        ld (sfx_due),a
su_saved:
        ld (sfx_ptr),hl
        ld hl,(cur_bank)
        ld (sfx_bank),hl
        ret

; ---- helpers -----------------------------------------------------------------------------------
; ym_w0 / ym_w1: writes E to register D of part I / part II when the YM2612 is not busy.
; Preserves everything but A, F.
ym_w0:
        ld a,(YM_A0)
        rlca
        jr c,ym_w0
        ld a,d
        ld (YM_A0),a
        ld a,e
        ld (YM_D0),a
        ret
ym_w1:
        ld a,(YM_A0)
        rlca
        jr c,ym_w1
        ld a,d
        ld (YM_A1),a
        ld a,e
        ld (YM_D1),a
        ret

; fm_key_off_all: key off the six FM channels.
fm_key_off_all:
        ld d,28h
        ld e,0
fk1:    call ym_w0
        inc e
        ld a,e
        cp 3
        jr nz,fk2
        inc e
        ld a,e
fk2:    cp 7
        jr c,fk1
        ret

; music_stop: stops the music: keys off, carriers and the music's PSG channels silent, the
; stream off.
music_stop:
        xor a
        ld (music_due),a
        ld (music_state),a
        ld (ST_MUSIC),a
        ld (fade_speed),a
        call fm_key_off_all
        ld hl,psg_shadow+2      ; volume latches to attenuation 15
        ld b,4
ms1:    ld a,(hl)
        or 0Fh
        ld (hl),a
        inc hl
        inc hl
        inc hl
        djnz ms1
        jp update_atten         ; and every carrier silent at once (no release tail)

; set_bank: DE = bank; writes the bank register unless it already holds DE. Preserves BC, HL.
set_bank:
        push hl
        ld hl,(cur_bank)
        or a
        sbc hl,de
        jr z,sb_same
        call write_bank
sb_same:
        pop hl
        ret
; write_bank: DE = bank (9 bits), written A15 first. Preserves BC, DE, HL.
write_bank:
        ld (cur_bank),de
        push hl
        ld hl,BANKREG
        ld a,e
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        rrca
        ld (hl),a
        ld (hl),d
        pop hl
        ret
; page_next: after `inc l` wrapped: the next page of the window, or the next bank.
; Preserves BC, DE.
page_next:
        inc h
        ret nz
        ld h,80h
        push de
        ld de,(cur_bank)
        inc de
        call write_bank
        pop de
        ret

driver_end:
