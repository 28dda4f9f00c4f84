#ifndef E1M1_H
#define E1M1_H
#include <stdint.h>
const int16_t E1M1Width = 320;
const int16_t E1M1Height = 32;
const int16_t E1M1TileWidth = 320/16;
const int16_t E1M1TileHeight = 32/16;
const uint8_t E1M1Collisions[E1M1TileWidth*E1M1TileHeight] = {
0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
};
#endif
