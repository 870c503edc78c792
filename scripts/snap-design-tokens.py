#!/usr/bin/env python3
"""Snaps the front ends' style sheets onto the design tokens of libs/web/src/styles/base.css: spacings
(padding, margin, gap) to --fb-space-N, font sizes to --fb-text-*, media-query widths to the three breakpoints.
Idempotent; libs/web/src/styles/design-tokens.test.ts checks the result."""
import glob, re, sys

ROOTS = ['shell/src', 'mfe-customer/src', 'mfe-carrier/src', 'mfe-admin/src', 'libs/web/src']
SPACE = {4: 1, 8: 2, 12: 3, 16: 4, 20: 5, 24: 6, 32: 7, 48: 8, 64: 9, 80: 10}
TEXT = [(0.75, 'xs'), (0.875, 'sm'), (1.0, 'base'), (1.125, 'lg'), (1.35, 'xl'), (1.75, '2xl')]
BREAKPOINTS = [480, 640, 900, 1100]

def px_of(num, unit):
    v = float(num)
    return v * 16 if unit == 'rem' else v

def snap_space(match):
    sign, num, unit = match.group(1), match.group(2), match.group(3)
    px = px_of(num, unit)
    if px <= 3:  # hairlines stay literal
        return match.group(0)
    # nearest step; a tie goes to the smaller one (denser, never wider than before)
    step = min(SPACE, key=lambda s: (abs(s - px), s))
    token = f'var(--fb-space-{SPACE[step]})'
    return f'calc(-1 * {token})' if sign == '-' else token

def snap_text(value):
    m = re.fullmatch(r'([\d.]+)(rem|px)', value.strip())
    if not m:
        return value
    rem = float(m.group(1)) / (16 if m.group(2) == 'px' else 1)
    size = min(TEXT, key=lambda t: (abs(t[0] - rem), t[0]))[1]
    return f'var(--fb-text-{size})'

def snap_media(match):
    width = int(match.group(2))
    bp = min(BREAKPOINTS, key=lambda b: (abs(b - width), b))
    return f'{match.group(1)}{bp}px)'

def snap(css):
    def declaration(m):
        prop, space, value = m.group(1), m.group(2), m.group(3)
        if re.fullmatch(r'(padding|margin|gap|row-gap|column-gap)(-[a-z-]+)?', prop):
            value = re.sub(r'(-?)(?<![\w.])([\d.]+)(px|rem)\b', snap_space, value)
        elif prop == 'font-size':
            value = snap_text(value)
        return f'{prop}:{space}{value}'
    comments = []
    def keep(m):
        comments.append(m.group(0))
        return f'\x00{len(comments) - 1}\x00'
    css = re.sub(r'/\*.*?\*/', keep, css, flags=re.S)  # a comment's 'word:' is no declaration
    css = re.sub(r'(?<![\w-])([a-z-]+):(\s*)([^;{}\x00]+)', declaration, css)
    css = re.sub(r'\x00(\d+)\x00', lambda m: comments[int(m.group(1))], css)
    css = re.sub(r'(@media[^{]*\((?:max|min)-width:\s*)(\d+)px\)', snap_media, css)
    return css

if __name__ == '__main__':
    changed = 0
    for root in ROOTS:
        for f in glob.glob(root + '/**/*.css', recursive=True):
            if f.endswith('styles/base.css'):
                # the token definitions themselves stay; only the rules below :root are snapped
                text = open(f).read()
                head, sep, rest = text.partition('\n}\n')
                new = head + sep + snap(rest)
            else:
                text = open(f).read()
                new = snap(text)
            if new != text:
                open(f, 'w').write(new)
                changed += 1
    print(f'{changed} style sheets snapped')
