/**
 * The browser's early check of a chosen file against the purpose's rule, so the seller hears at once what is
 * wrong; the server checks again with sharp whatever the browser said.
 */
import { FILE_RULES, MAX_FILE_BYTES, MAX_IMAGE_PIXELS, type FilePurpose } from '../../../../shared/contracts/files';

export type FileProblem =
  | { code: 'FILE_TOO_LARGE'; params: { maxMb: number } }
  | { code: 'FILE_NOT_IMAGE' | 'FILE_NOT_IMAGE_OR_PDF'; params: Record<string, never> }
  | { code: 'IMAGE_TOO_SMALL'; params: { min: number; width: number; height: number } }
  | { code: 'IMAGE_TOO_MANY_PIXELS'; params: { width: number; height: number; max: number } }
  | { code: 'IMAGE_ASPECT_RATIO'; params: { width: number; height: number } };

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** `accept` attribute of a file input for `purpose`. */
export function acceptFor(purpose: FilePurpose): string {
  return [...IMAGE_TYPES, ...(FILE_RULES[purpose].pdf ? ['application/pdf'] : [])].join(',');
}

/** The first problem of `file` for `purpose`, or null. Reads an image's size when the rule has one. */
export async function checkFile(purpose: FilePurpose, file: File): Promise<FileProblem | null> {
  const rule = FILE_RULES[purpose];
  if (file.size > MAX_FILE_BYTES) return { code: 'FILE_TOO_LARGE', params: { maxMb: MAX_FILE_BYTES / 1024 / 1024 } };
  const isPdf = file.type === 'application/pdf';
  if (isPdf && rule.pdf) return null;
  if (!IMAGE_TYPES.includes(file.type))
    return { code: rule.pdf ? 'FILE_NOT_IMAGE_OR_PDF' : 'FILE_NOT_IMAGE', params: {} };
  if (!rule.minSide && !rule.aspect) return null;
  let width: number;
  let height: number;
  try {
    const bitmap = await createImageBitmap(file);
    width = bitmap.width;
    height = bitmap.height;
    bitmap.close();
  } catch {
    return null; // The server decides on what the browser cannot decode.
  }
  if (width * height > MAX_IMAGE_PIXELS)
    return { code: 'IMAGE_TOO_MANY_PIXELS', params: { width, height, max: MAX_IMAGE_PIXELS / 1_000_000 } };
  if (rule.minSide && (width < rule.minSide || height < rule.minSide))
    return { code: 'IMAGE_TOO_SMALL', params: { min: rule.minSide, width, height } };
  const ratio = width / height;
  if (rule.aspect && (ratio < rule.aspect.min || ratio > rule.aspect.max))
    return { code: 'IMAGE_ASPECT_RATIO', params: { width, height } };
  return null;
}
