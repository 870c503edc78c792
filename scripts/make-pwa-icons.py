#!/usr/bin/env python3
"""Draws the PWA icons (shell/public/icons): the favicon's truck, white on the brand blue, on the navy theme colour.
Plain PNG writer (zlib), no image library needed. Run from the repository root: python3 scripts/make-pwa-icons.py"""
import struct, zlib, os

NAVY = (0x0B, 0x25, 0x45)
BRAND = (0x1D, 0x5B, 0xD8)
WHITE = (0xFF, 0xFF, 0xFF)

def png(path, size, pixels):
    raw = b''.join(b'\x00' + bytes(c for px in pixels[y * size:(y + 1) * size] for c in px) for y in range(size))
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 2, 0, 0, 0))
    data += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(data)

def icon(size, maskable):
    # The favicon's 32x32 drawing scaled; a maskable icon keeps it inside the 80 % safe circle.
    scale = size / 32 * (0.62 if maskable else 0.9)
    offset = (size - 32 * scale) / 2
    def inside_rounded(x, y, x0, y0, x1, y1, r):
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    def stroke_rect(x, y, x0, y0, x1, y1, w):
        return (x0 - w <= x <= x1 + w and y0 - w <= y <= y1 + w) and not (x0 + w < x < x1 - w and y0 + w < y < y1 - w)
    pixels = []
    for py in range(size):
        for px in range(size):
            x = (px + 0.5 - offset) / scale
            y = (py + 0.5 - offset) / scale
            color = NAVY if maskable else None
            if inside_rounded(x, y, 0, 0, 32, 32, 8):
                color = BRAND
            if color is None:
                color = NAVY
            truck = (
                (stroke_rect(x, y, 7, 11, 18, 20, 1) and not (x > 18 + 1))
                or (13.9 <= y <= 14.1 + 1 and 18 <= x <= 22)
                or (stroke_rect(x, y, 18, 14, 25, 20, 1) and x >= 17)
                or (x - 11) ** 2 + (y - 22) ** 2 <= 4
                or (x - 22) ** 2 + (y - 22) ** 2 <= 4
            )
            if truck and 0 <= x <= 32 and 0 <= y <= 32:
                color = WHITE
            pixels.append(color)
    return pixels

out = os.path.join('shell', 'public', 'icons')
os.makedirs(out, exist_ok=True)
for size in (192, 512):
    png(os.path.join(out, f'icon-{size}.png'), size, icon(size, False))
    png(os.path.join(out, f'icon-maskable-{size}.png'), size, icon(size, True))
