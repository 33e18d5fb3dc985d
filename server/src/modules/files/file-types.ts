export type TAllowedType = { contentType: string; extension: string };

const SIGNATURES: { bytes: number[]; type: TAllowedType }[] = [
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { contentType: 'image/png', extension: 'png' },
  },
  { bytes: [0xff, 0xd8, 0xff], type: { contentType: 'image/jpeg', extension: 'jpg' } },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { contentType: 'application/pdf', extension: 'pdf' } },
];

/** The file's real type from its first bytes (not its name or declared type): PNG, JPEG or PDF, else null. */
export function sniffDocumentType(content: Buffer): TAllowedType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => content[index] === byte));
  return match?.type ?? null;
}
