/**
 * OpenDocument packages (.odt/.ods/.odp): what kind a zip is from its `mimetype` entry, and the
 * checks run before LibreOffice sees one (encryption, and every entry inflated under the zip
 * budget). ODF 1.2 part 3 section 3.3: the `mimetype` entry is the package's first, stored
 * uncompressed, so its media type sits at a fixed place in the first local header and is read
 * without inflating anything.
 */
import { GuardedZip, OFFICE_ZIP_LIMITS, ZipRefusedError } from '@mtp/platform';
import { DocumentError } from '../formats/types';

export type OdfFormat = 'odt' | 'ods' | 'odp';

/** The media type each format's `mimetype` entry holds (templates and other ODF kinds are not taken). */
export const ODF_MEDIA_TYPES: Record<OdfFormat, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

export const isOdfFormat = (format: string): format is OdfFormat => Object.hasOwn(ODF_MEDIA_TYPES, format);

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = Buffer.from('PK\x07\x08', 'latin1');
const DATA_DESCRIPTOR_FLAG = 0x08;
const STORED = 0;
/** A media type is short; a longer "mimetype" entry is not an ODF package's. */
const MAX_MEDIA_TYPE_BYTES = 256;

/**
 * The media type in the package's first entry when that entry is an uncompressed `mimetype`
 * (local file header: flags at 6, method at 8, compressed size at 18, name and extra lengths at
 * 26 and 28). A writer that streams (flag bit 3) puts the size in a descriptor after the data, so
 * there the media type runs to the descriptor's signature.
 */
export function odfMediaType(data: Buffer): string | undefined {
  if (data.length < 30 || data.readUInt32LE(0) !== LOCAL_HEADER) return undefined;
  const sizeFollows = (data.readUInt16LE(6) & DATA_DESCRIPTOR_FLAG) !== 0;
  const method = data.readUInt16LE(8);
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  if (method !== STORED || data.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  const head = data.subarray(start, start + MAX_MEDIA_TYPE_BYTES);
  const size = sizeFollows ? head.indexOf(DATA_DESCRIPTOR) : data.readUInt32LE(18);
  if (size < 0 || size > head.length) return undefined;
  return head.toString('latin1', 0, size);
}

/** The ODF format a zip is, from its media type (undefined: not one we take, or not ODF). */
export function odfFormatOf(data: Buffer): OdfFormat | undefined {
  const mediaType = odfMediaType(data);
  return (Object.keys(ODF_MEDIA_TYPES) as OdfFormat[]).find((f) => ODF_MEDIA_TYPES[f] === mediaType);
}

/** ODF encryption (part 3 section 4.8) is declared per entry in the manifest, which stays readable. */
const ENCRYPTION_DATA = /<([\w.-]+:)?encryption-data[\s/>]/;

/**
 * Refuses a password-protected package as 'encrypted', then inflates every entry once under
 * `OFFICE_ZIP_LIMITS` (nothing kept): LibreOffice inflates the whole package, beyond our
 * budget's reach, so it only meets a zip whose every entry was proven to inflate to its declared
 * size and checksum within the budget. Over it: 'too_large'; not a readable zip: 'corrupt'.
 */
export async function checkOdfPackage(fileName: string, data: Buffer): Promise<void> {
  try {
    const zip = await GuardedZip.open(data, OFFICE_ZIP_LIMITS);
    const manifest = zip.entry('META-INF/manifest.xml');
    if (!manifest) throw new DocumentError('corrupt', `${fileName}: an OpenDocument package without META-INF/manifest.xml`);
    if (ENCRYPTION_DATA.test((await zip.inflate(manifest)).toString('utf8'))) {
      throw new DocumentError('encrypted', `${fileName}: password-protected OpenDocument file`);
    }
    await zip.inflateAll();
  } catch (err) {
    if (err instanceof ZipRefusedError) throw new DocumentError(err.reason, `${fileName}: ${err.message}`);
    throw err;
  }
}
