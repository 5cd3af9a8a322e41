import { describe, expect, it } from 'vitest';
import { reencodeToPng } from '../src/pictures/reencode-picture';
import { textPicture } from './picture-helpers';

const MAX_SIDE = 4096;
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('reencodeToPng', () => {
  it('draws a PNG or a JPEG into a fresh PNG of the same size', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const result = await reencodeToPng(textPicture('Logo', format), MAX_SIDE);
      expect(result.outcome).toBe('ok');
      if (result.outcome === 'ok') expect(sizeOf(result.png)).toEqual([640, 120]);
    }
  });

  it('turns a JPEG upright as its EXIF orientation says (6: a quarter turn)', async () => {
    const jpeg = textPicture('Logo', 'jpeg');
    // An APP1 Exif segment with one IFD entry: Orientation (0x0112, SHORT) = 6.
    const tiff = Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exif.length + 2]), exif]);
    const result = await reencodeToPng(Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]), MAX_SIDE);
    expect(result.outcome).toBe('ok');
    if (result.outcome === 'ok') expect(sizeOf(result.png)).toEqual([120, 640]);
  });

  it('leaves out whatever follows the picture (HTML after IEND)', async () => {
    const picture = textPicture('Logo');
    const result = await reencodeToPng(Buffer.concat([picture, Buffer.from('<html><script>alert(1)</script>')]), MAX_SIDE);
    expect(result.outcome).toBe('ok');
    if (result.outcome === 'ok') expect(result.png.toString('latin1')).not.toContain('<script');
  });

  it('reads the format from the content: SVG, HTML and GIF are not accepted', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>1</script></svg>');
    for (const bytes of [svg, Buffer.from('<html><body>hi</body></html>'), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')]) {
      expect((await reencodeToPng(bytes, MAX_SIDE)).outcome).toBe('not_a_picture');
    }
  });

  it('refuses a header claiming too many pixels before decoding anything', async () => {
    const bomb = Buffer.from(textPicture('x'));
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    expect(await reencodeToPng(bomb, MAX_SIDE)).toMatchObject({ outcome: 'too_large', width: 30_000, height: 30_000 });
    expect((await reencodeToPng(textPicture('x'), 100)).outcome).toBe('too_large');
  });

  it('refuses a truncated picture without taking this process down (the decoder is a child process)', async () => {
    const result = await reencodeToPng(textPicture('cut').subarray(0, 60), MAX_SIDE);
    expect(result.outcome).toBe('undecodable');
    expect((await reencodeToPng(textPicture('after'), MAX_SIDE)).outcome).toBe('ok');
  });
});
