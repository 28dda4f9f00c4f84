/*
 * E1M1: the 19x16 sample scene of the 16Tile collision article, as a 16Tile C export.
 * Compiled by `romtool levels levels/` (see tools/romtool/README.md).
 *
 * Sizes are in tiles (do NOT shift them: 19 x 16 tiles = 304 x 256 pixels).
 * Row 0 shows the tile set: ids 0..18 left to right, except column 1: id 1 is the
 * reserved 16Tile palette slot, which the level compiler rejects, so it is blank (0) here.
 * Rows 8..11 are the mound (a half-block step, 1:1, 2:1 and 3:1 slopes both ways),
 * rows 12..15 solid ground.
 */
#pragma once
#include <stdint.h>

const int16_t E1M1TileWidth  = 19;
const int16_t E1M1TileHeight = 16;

const uint16_t E1M1Collisions[304] =
{
/*  x:  0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 */
        0, 0, 2, 3, 4, 5, 6, 7, 8, 9,10,11,12,13,14,15,16,17,18,  /* row  0: the tile set */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  1 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  2 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  3 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  4 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  5 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  6 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  7 */
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,16, 0, 0, 0, 0, 0, 0, 0, 0,  /* row  8: half-block step */
        0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 2, 2, 9, 0, 0, 0, 0, 0, 0,  /* row  9: 1:1 up, 1:1 down */
        0, 0, 0, 0, 0, 0, 4, 5, 2, 2, 2, 2, 2,10,11, 0, 0, 0, 0,  /* row 10: 2:1 up, 2:1 down */
        0, 0, 0, 6, 7, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2,12,13,14, 0,  /* row 11: 3:1 up, 3:1 down */
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  /* row 12: ground */
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  /* row 13 */
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  /* row 14 */
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  /* row 15 */
};
