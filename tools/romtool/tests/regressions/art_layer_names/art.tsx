<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="art" tilewidth="16" tileheight="16" tilecount="8" columns="4">
 <image source="art.png" trans="ff00ff" width="64" height="32"/>
 <tile id="0"><properties><property name="collision" value="solid"/></properties></tile>
 <tile id="1"><properties><property name="collision" value="rise_1"/></properties></tile>
 <tile id="5"><properties><property name="collision" value="one_way"/></properties></tile>
</tileset>
