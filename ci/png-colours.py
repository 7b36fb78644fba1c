"""Prints how a PNG screenshot looks, as JSON: its size, its distinct colours, and the share of
pixels that are not the page's background (the top-left pixel's colour).

Usage: python png-colours.py SHOT.png
Reads 8-bit RGB and RGBA PNGs (what Chromium writes) with the standard library only, so a test
can tell a rendered page from a blank one.
"""
import json
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"error: '{path}' is not a PNG file")
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour = header[0], header[1], header[2], header[3]
    if depth != 8 or colour not in (2, 6):
        raise SystemExit(f"error: '{path}': only 8-bit RGB or RGBA is read")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = pixels(sys.argv[1])
    background = rows[0][:3]
    colours, other = set(), 0
    for row in rows:
        for x in range(0, len(row), channels):
            pixel = row[x:x + 3]
            colours.add(pixel)
            if pixel != background:
                other += 1
    print(json.dumps({"width": width, "height": height, "colours": len(colours),
                      "notBackground": other / (width * height)}))


if __name__ == "__main__":
    main()
