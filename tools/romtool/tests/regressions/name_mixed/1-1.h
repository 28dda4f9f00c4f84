const int16_t TileWidth = 2;
const int16_t TileHeight = 1;
const uint16_t Collisions[2] = { 2, 0 };
