import { AVATAR_MAX_BYTES } from '@rhc/domain';

/** The side of the square picture sent: sharp on a retina avatar, far below the 4 MB limit. */
export const AVATAR_OUTPUT_PX = 512;

/** A part of the picture in its own pixels (react-easy-crop's croppedAreaPixels). */
export type PixelArea = { x: number; y: number; width: number; height: number };

/** Spec §5: an avatar must be an image of at most 4 MB; the answer is the errors-namespace code of the spec's message. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): 'AVATAR_NOT_IMAGE' | 'AVATAR_TOO_LARGE' | null {
  if (!file.type.startsWith('image/')) return 'AVATAR_NOT_IMAGE';
  if (file.size > AVATAR_MAX_BYTES) return 'AVATAR_TOO_LARGE';
  return null;
}

/** Decodes a picture; rejects when the browser cannot read it (a damaged file, or not an image after all). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file is not a readable image'));
    image.src = src;
  });
}

/** The chosen square of the picture as a JPEG of AVATAR_OUTPUT_PX², at most 4 MB. */
export async function cropToJpeg(image: HTMLImageElement, area: PixelArea): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_PX;
  canvas.height = AVATAR_OUTPUT_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  // JPEG has no transparency: a transparent PNG gets a white background instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, AVATAR_OUTPUT_PX, AVATAR_OUTPUT_PX);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_OUTPUT_PX, AVATAR_OUTPUT_PX);
  for (const quality of [0.9, 0.75, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= AVATAR_MAX_BYTES) return blob;
  }
  throw new Error('The cropped picture is too large');
}
