import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
const heic = Buffer.concat([Buffer.from([0,0,0,0x18]), Buffer.from('ftypheic'), Buffer.from([0,0,0,0]), Buffer.from('mif1heic'), Buffer.alloc(500, 3)]);
console.log(await fileTypeFromBuffer(heic));
try { await sharp(heic, {failOn:'error'}).jpeg().toBuffer(); } catch (e) { console.log('heic', e.message); }
const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).gif().toBuffer();
console.log(await fileTypeFromBuffer(gif));
const txt = Buffer.from('hello this is text\n'.repeat(30));
console.log(await fileTypeFromBuffer(txt));
const big = await sharp({ create: { width: 12000, height: 10000, channels: 3, background: '#00ff00' } }).png({compressionLevel: 9}).toBuffer();
console.log('big png', big.length);
try { await sharp(big, {failOn:'error', limitInputPixels: 100e6}).jpeg().toBuffer(); } catch (e) { console.log('big', e.message); }
