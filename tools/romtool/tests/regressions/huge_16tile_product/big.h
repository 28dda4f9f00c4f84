const int16_t ATileWidth = 4294967296 * 4294967296;
const int16_t ATileHeight = 2;
const uint16_t A[] = { 2, 2 };
