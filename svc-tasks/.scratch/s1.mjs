import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
const img = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ff0000' } }).jpeg().withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret', Artist: 'Me' } } }).toBuffer();
console.log(await sharp(img).metadata().then(m => ({w:m.width,h:m.height,o:m.orientation,exif:!!m.exif})));
console.log(await fileTypeFromBuffer(img));
console.log(typeof sharp(img).autoOrient);
const out = await sharp(img, { failOn: 'error', limitInputPixels: 100e6 }).autoOrient().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
const m = await sharp(out).metadata(); console.log({w:m.width,h:m.height,o:m.orientation,exif:!!m.exif,icc:!!m.icc,xmp:!!m.xmp,iptc:!!m.iptc, format: m.format});
// fake png
const fake = Buffer.concat([Buffer.from([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a]), Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(2000, 7)]);
console.log(await fileTypeFromBuffer(fake));
try { await sharp(fake, {failOn:'error'}).jpeg().toBuffer(); console.log('no throw'); } catch (e) { console.log('threw', e.message); }
const trunc = img.subarray(0, img.length/2);
try { await sharp(trunc, {failOn:'error'}).jpeg().toBuffer(); console.log('trunc no throw'); } catch (e) { console.log('trunc threw', e.message); }
try { await sharp(trunc, {failOn:'warning'}).jpeg().toBuffer(); console.log('trunc no throw'); } catch (e) { console.log('trunc threw', e.message); }
// avif/heic
const avif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).avif().toBuffer();
console.log(await fileTypeFromBuffer(avif));
const heic = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).heif({compression:'hevc'}).toBuffer().catch(e => 'heic enc fail: '+e.message);
console.log(typeof heic === 'string' ? heic : await fileTypeFromBuffer(heic));
