/*
 * An export in the style of 16Tile's author: sizes as expressions of the pixel sizes, and its
 * own tile numbering (0 blank, 1 solid, 2..7 slopes). E1M1.idmap beside it translates the ids
 * to the engine's (see tools/romtool/README.md, "Id maps").
 */
#ifndef E1M1_H
#define E1M1_H
#include <stdint.h>

#define E1M1_TILE_SIZE 16
const int16_t E1M1Width = 192;
const int16_t E1M1Height = 64;
const int16_t E1M1TileWidth = E1M1Width / E1M1_TILE_SIZE;
const int16_t E1M1TileHeight = E1M1Height / E1M1_TILE_SIZE;

const uint8_t E1M1Collisions[E1M1TileWidth * E1M1TileHeight] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 3, 4, 1, 1, 6, 7, 0, 0, 0,
    0, 0, 2, 1, 1, 1, 1, 1, 1, 5, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};
#endif
