const int16_t ATileWidth = 9223372036854775807;
const int16_t ATileHeight = 2;
const uint16_t A[] = { 2, 2 };
