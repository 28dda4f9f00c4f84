const int16_t E1M1TileWidth = 400/16;
const int16_t E1M1TileHeight = 1;
const uint8_t E1M1Collisions[25] = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1};
