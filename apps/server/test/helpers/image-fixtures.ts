import { once } from "node:events";
import { crc32, createDeflate, deflateSync } from "node:zlib";
import sharp from "sharp";

// Images for the logo and avatar tests, made on the fly with sharp (and, where sharp would take
// half a minute, assembled by hand from valid PNG chunks).

type Format = "png" | "jpeg" | "gif" | "webp";

/** A solid-colour image of the given format and size. */
export async function solidImage(format: Format, width = 64, height = 48, color = "#4f46e5"): Promise<Buffer> {
  const canvas = sharp({ create: { width, height, channels: 3, background: color } });
  return canvas.toFormat(format).toBuffer();
}

/** A PNG of random pixels: noise does not compress, so its size follows its dimensions. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A valid PNG of exactly `size` bytes: a noise PNG padded with a private ancillary chunk (which
 * decoders skip and the re-encoding drops).
 */
export async function pngOfExactSize(size: number): Promise<Buffer> {
  const base = await noisePng(200, 200); // about 120 KB
  const padding = size - base.length - 12; // a chunk is length + type + data + CRC
  if (padding < 0) throw new Error(`cannot make a PNG of ${size} bytes`);
  const end = base.length - 12; // IEND is the last chunk, 12 bytes with no data
  const result = Buffer.concat([base.subarray(0, end), chunk("prVt", Buffer.alloc(padding, 0x61)), base.subarray(end)]);
  if (result.length !== size) throw new Error("size arithmetic went wrong");
  return result;
}

/**
 * A decompression bomb: a PNG that says it is width×height pixels and holds them in a few
 * kilobytes (1-bit grayscale, every pixel black). sharp would take ~30 s to encode 400 megapixels,
 * so the chunks are written here; sharp reads the result as a normal PNG.
 */
export function hugePng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + pixels
  return pngFile(header, deflateSync(Buffer.alloc(rowBytes * height), { level: 9 }));
}

/**
 * The bomb of issue 14: an 8-bit grayscale PNG of width×height black pixels, 389 KB at
 * 20,000 × 20,000 (400 MB to decode, 1.6 GB in a browser). Deflated in slices, so the test never
 * holds the pixels themselves.
 */
export async function grayBombPng(width = 20_000, height = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const rowBytes = 1 + width; // filter byte + pixels
  const rowsPerSlice = Math.max(1, Math.floor((16 * 1024 * 1024) / rowBytes));
  const slice = Buffer.alloc(rowBytes * rowsPerSlice); // never changed, so written again and again
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const ended = once(deflate, "end");
  for (let left = height; left > 0; left -= rowsPerSlice) {
    const rows = Math.min(left, rowsPerSlice);
    if (!deflate.write(slice.subarray(0, rows * rowBytes))) await once(deflate, "drain");
  }
  deflate.end();
  await ended;
  return pngFile(header, Buffer.concat(parts));
}

function pngFile(header: Buffer, compressedPixels: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", compressedPixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A JPEG carrying EXIF with a GPS position and a camera, as phones write them. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#0ea5e9" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Copyright: "Someone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2634/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3956/100",
      },
    })
    .toBuffer();
}

/** A 400×200 JPEG whose EXIF says "rotate 90° clockwise to view" (a phone held upright). */
export async function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#22c55e" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A two-frame animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (color: string) =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame("#ff0000"), await frame("#0000ff")]);
  return sharp(frames, { raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
