/**
 * Uploads ("Image file under 5 MB; main photos over 350 x 350 pixels with aspect ratio between 3:4
 * and 4:3"). `POST /api/proveedor/files` takes multipart with the field `file` and the form field `purpose`.
 */
import { z } from 'zod';

/** What a file is for; each purpose has its own rules (FILE_RULES). */
export const FILE_PURPOSES = [
  'product_photo',
  'colour_photo',
  'packaging_photo',
  'logo',
  'icon',
  'banner',
  'carousel',
  'company_photo',
  'certificate',
  'document',
  'signature',
  'message_attachment',
  'review_photo',
] as const;
export const filePurpose = z.enum(FILE_PURPOSES);
export type FilePurpose = z.infer<typeof filePurpose>;

/** Largest upload, bytes (under 5 MB). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Most pixels of an uploaded image (decision 105): 25 megapixels, a 6000 × 4000 camera photo. */
export const MAX_IMAGE_PIXELS = 25_000_000;

export interface FileRule {
  /** Accepts PDF as well as images (documents and certificates). */
  pdf: boolean;
  /** Smallest width and height in pixels, when the purpose has one. */
  minSide?: number;
  /** Allowed width/height ratio range, when the purpose has one (3:4 to 4:3 for main photos). */
  aspect?: { min: number; max: number };
}

/** The rule of each purpose: the server enforces it with sharp, the browser shows it before uploading. */
export const FILE_RULES: Record<FilePurpose, FileRule> = {
  product_photo: { pdf: false, minSide: 350, aspect: { min: 3 / 4, max: 4 / 3 } },
  colour_photo: { pdf: false, minSide: 350, aspect: { min: 3 / 4, max: 4 / 3 } },
  packaging_photo: { pdf: false },
  logo: { pdf: false },
  icon: { pdf: false },
  banner: { pdf: false },
  carousel: { pdf: false },
  company_photo: { pdf: false },
  certificate: { pdf: true },
  document: { pdf: true },
  signature: { pdf: false },
  message_attachment: { pdf: true },
  review_photo: { pdf: false },
};

/** Image formats read by the server (anything sharp decodes to one of these); every image is stored as WebP. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

export const uploadedFile = z.object({
  id: z.string().uuid(),
  purpose: filePurpose,
  kind: z.enum(['image', 'pdf']),
  /** Image: WebP base URL, sizes at `${url}-160.webp`, `-480.webp`, `-960.webp`. PDF: the file's URL. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  originalName: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A reference to an uploaded file inside another form (company documents, product photos…). */
export const fileRef = z.object({ id: z.string().uuid(), url: z.string().max(500) });
export type FileRef = z.infer<typeof fileRef>;
