// The child process that decodes one uploaded picture and draws it into a fresh PNG. It is a
// process of its own because a native decoder fed hostile bytes can end its process (@napi-rs/canvas
// 0.1.x did, SIGSEGV on a cut-off JPEG; fixed in 1.0.7): here such a file only ends this child.
// Plain JavaScript so it starts without a TypeScript loader.
//
// stdin: the picture's bytes; argv: the width and height its header claims (already checked
// against the limit by the parent); stdout: the PNG. Exit 0: done; 3: the decoded size is not
// the header's; anything else (an error, a signal): the bytes do not decode.
import { createCanvas, loadImage } from '@napi-rs/canvas';

const [width, height] = process.argv.slice(2).map(Number);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const image = await loadImage(Buffer.concat(chunks));
if (image.width !== width || image.height !== height) process.exit(3);
const canvas = createCanvas(width, height);
canvas.getContext('2d').drawImage(image, 0, 0);
const png = await canvas.encode('png');
process.stdout.write(png, () => process.exit(0));
