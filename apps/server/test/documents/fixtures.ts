import { crc32 } from "node:zlib";
import sharp from "sharp";

/**
 * Tiny, valid files of every allowed format, made in code (nothing binary is committed). Each
 * carries the name and declared type a browser would send.
 */
export type Fixture = { fileName: string; contentType: string; data: Buffer };

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export async function image(format: "png" | "jpeg" | "gif" | "webp", color = "#4f46e5"): Promise<Buffer> {
  const canvas = sharp({ create: { width: 16, height: 12, channels: 3, background: color } });
  return canvas.toFormat(format).toBuffer();
}

export function pdf(text = "Hello"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A zip archive (stored, not compressed) holding the given files. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function officeOpenXml(folder: "word" | "xl" | "ppt", mainType: string, mainPart: string): Buffer {
  return zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/${mainPart}" ContentType="${mainType}"/></Types>`,
    [`${folder}/${mainPart}`]: '<?xml version="1.0"?><root/>',
  });
}

function oleFile(): Buffer {
  return Buffer.concat([OLE_SIGNATURE, Buffer.alloc(1016)]);
}

/** A Windows executable's first bytes: "MZ", a DOS stub and a PE header. */
export function executable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.write("This program cannot be run in DOS mode.", 0x4e, "latin1");
  return bytes;
}

export const HTML_PAGE = Buffer.from(
  "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
);

/** One file of every type in spec 5's list, with the type each is stored and served as. */
export async function allowedFixtures(): Promise<(Fixture & { storedType: string })[]> {
  const openXml = "application/vnd.openxmlformats-officedocument";
  return [
    { fileName: "report.pdf", contentType: "application/pdf", data: pdf(), storedType: "application/pdf" },
    { fileName: "letter.doc", contentType: "application/msword", data: oleFile(), storedType: "application/msword" },
    {
      fileName: "letter.docx",
      contentType: `${openXml}.wordprocessingml.document`,
      data: officeOpenXml("word", `${openXml}.wordprocessingml.document.main+xml`, "document.xml"),
      storedType: `${openXml}.wordprocessingml.document`,
    },
    {
      fileName: "notes.txt",
      contentType: "text/plain",
      data: Buffer.from("Plain notes ✓\n"),
      storedType: "text/plain",
    },
    {
      fileName: "memo.rtf",
      contentType: "application/rtf",
      data: Buffer.from("{\\rtf1\\ansi Memo}"),
      storedType: "application/rtf",
    },
    {
      fileName: "budget.xls",
      contentType: "application/vnd.ms-excel",
      data: oleFile(),
      storedType: "application/vnd.ms-excel",
    },
    {
      fileName: "budget.xlsx",
      contentType: `${openXml}.spreadsheetml.sheet`,
      data: officeOpenXml("xl", `${openXml}.spreadsheetml.sheet.main+xml`, "workbook.xml"),
      storedType: `${openXml}.spreadsheetml.sheet`,
    },
    {
      fileName: "people.csv",
      contentType: "text/csv",
      data: Buffer.from("name,role\nAda,owner\n"),
      storedType: "text/csv",
    },
    {
      fileName: "deck.ppt",
      contentType: "application/vnd.ms-powerpoint",
      data: oleFile(),
      storedType: "application/vnd.ms-powerpoint",
    },
    {
      fileName: "deck.pptx",
      contentType: `${openXml}.presentationml.presentation`,
      data: officeOpenXml("ppt", `${openXml}.presentationml.presentation.main+xml`, "presentation.xml"),
      storedType: `${openXml}.presentationml.presentation`,
    },
    { fileName: "photo.jpg", contentType: "image/jpeg", data: await image("jpeg"), storedType: "image/jpeg" },
    { fileName: "logo.png", contentType: "image/png", data: await image("png"), storedType: "image/png" },
    { fileName: "spinner.gif", contentType: "image/gif", data: await image("gif"), storedType: "image/gif" },
    {
      fileName: "icon.svg",
      contentType: "image/svg+xml",
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
      ),
      storedType: "image/svg+xml",
    },
    { fileName: "banner.webp", contentType: "image/webp", data: await image("webp"), storedType: "image/webp" },
    {
      fileName: "bundle.zip",
      contentType: "application/zip",
      data: zip({ "readme.txt": "hello" }),
      storedType: "application/zip",
    },
    {
      fileName: "bundle.rar",
      contentType: "application/vnd.rar",
      data: Buffer.concat([Buffer.from("Rar!\x1a\x07\x01\x00", "latin1"), Buffer.alloc(64)]),
      storedType: "application/vnd.rar",
    },
    {
      fileName: "bundle.7z",
      contentType: "application/x-7z-compressed",
      data: Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), Buffer.alloc(64)]),
      storedType: "application/x-7z-compressed",
    },
    { fileName: "page.html", contentType: "text/html", data: HTML_PAGE, storedType: "text/html" },
    {
      fileName: "site.css",
      contentType: "text/css",
      data: Buffer.from("body { color: red; }\n"),
      storedType: "text/css",
    },
    {
      fileName: "data.json",
      contentType: "application/json",
      data: Buffer.from('{"ok":true}'),
      storedType: "application/json",
    },
    {
      fileName: "feed.xml",
      contentType: "application/xml",
      data: Buffer.from('<?xml version="1.0"?><feed/>'),
      storedType: "application/xml",
    },
  ];
}
