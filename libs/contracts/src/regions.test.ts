import { describe, expect, it } from 'vitest';
import { regionOfPostalCode, regions } from './regions';

describe('regionOfPostalCode', () => {
  it('when a code lies in a block, then its region follows the block', () => {
    expect(regionOfPostalCode('1050')).toBe('hovedstaden'); // København K
    expect(regionOfPostalCode('2800')).toBe('hovedstaden'); // Kongens Lyngby
    expect(regionOfPostalCode('3400')).toBe('hovedstaden'); // Hillerød
    expect(regionOfPostalCode('4000')).toBe('sjaelland'); // Roskilde
    expect(regionOfPostalCode('4700')).toBe('sjaelland'); // Næstved
    expect(regionOfPostalCode('5000')).toBe('syddanmark'); // Odense C
    expect(regionOfPostalCode('6000')).toBe('syddanmark'); // Kolding
    expect(regionOfPostalCode('6700')).toBe('syddanmark'); // Esbjerg
    expect(regionOfPostalCode('7400')).toBe('midtjylland'); // Herning
    expect(regionOfPostalCode('8000')).toBe('midtjylland'); // Aarhus C
    expect(regionOfPostalCode('8900')).toBe('midtjylland'); // Randers C
    expect(regionOfPostalCode('9000')).toBe('nordjylland'); // Aalborg
    expect(regionOfPostalCode('9500')).toBe('nordjylland'); // Hobro
  });

  it('when a code is one of the exceptions, then it gets the region it lies in, not its block', () => {
    for (const code of ['3700', '3720', '3740', '3760', '3770', '3790']) expect(regionOfPostalCode(code), code).toBe('hovedstaden'); // Bornholm
    expect(regionOfPostalCode('7000')).toBe('syddanmark'); // Fredericia
    expect(regionOfPostalCode('7100')).toBe('syddanmark'); // Vejle
    expect(regionOfPostalCode('7120')).toBe('syddanmark'); // Vejle Øst
    expect(regionOfPostalCode('7130')).toBe('midtjylland'); // Juelsminde (Hedensted)
    expect(regionOfPostalCode('7160')).toBe('midtjylland'); // Tørring
    expect(regionOfPostalCode('7190')).toBe('syddanmark'); // Billund
    expect(regionOfPostalCode('7330')).toBe('midtjylland'); // Brande
    expect(regionOfPostalCode('7323')).toBe('syddanmark'); // Give
    expect(regionOfPostalCode('6950')).toBe('midtjylland'); // Ringkøbing
    expect(regionOfPostalCode('6900')).toBe('midtjylland'); // Skjern
    expect(regionOfPostalCode('6800')).toBe('syddanmark'); // Varde
    expect(regionOfPostalCode('7700')).toBe('nordjylland'); // Thisted
    expect(regionOfPostalCode('7900')).toBe('nordjylland'); // Nykøbing M
    expect(regionOfPostalCode('7800')).toBe('midtjylland'); // Skive
    expect(regionOfPostalCode('2670')).toBe('sjaelland'); // Greve
    expect(regionOfPostalCode('2680')).toBe('sjaelland'); // Solrød Strand
    expect(regionOfPostalCode('2650')).toBe('hovedstaden'); // Hvidovre
    expect(regionOfPostalCode('4050')).toBe('hovedstaden'); // Skibby
    expect(regionOfPostalCode('9632')).toBe('midtjylland'); // Møldrup
  });

  it('when the code is not four digits or outside Denmark\'s range, then no region', () => {
    for (const code of [null, undefined, '', '800', '80000', 'abcd', '0999', '0800', '3900']) expect(regionOfPostalCode(code), String(code)).toBeNull();
    expect(regionOfPostalCode(' 8000 ')).toBe('midtjylland');
    expect(regionOfPostalCode(8000)).toBe('midtjylland');
  });

  it('when every code from 1000 to 9999 is looked up, then each but the Faroese and Greenlandic 38xx–39xx has one of the five regions', () => {
    for (let code = 1000; code <= 9999; code += 1) {
      const region = regionOfPostalCode(String(code));
      if (code >= 3800 && code <= 3999) expect(region, String(code)).toBeNull();
      else expect(regions, String(code)).toContain(region);
    }
  });
});
