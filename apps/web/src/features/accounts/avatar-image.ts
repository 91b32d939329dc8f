import { AVATAR_MAX_BYTES } from '@rhc/domain';

/** The side of the square picture sent: sharp on a retina avatar, far below the 4 MB limit. */
export const AVATAR_OUTPUT_PX = 512;

/** A part of the picture in its own pixels. */
export type PixelArea = { x: number; y: number; width: number; height: number };

/** A picture's size in its own pixels. */
export type PictureSize = { width: number; height: number };

/** What the crop dialog shows: the picture's point at the centre of the circle (in the picture's pixels), and the zoom. */
export type CropView = { centerX: number; centerY: number; zoom: number };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The side of the square a view crops: the picture's short side at zoom 1, a quarter of it at the most zoom. */
export const cropSide = (picture: PictureSize, zoom: number) => Math.min(picture.width, picture.height) / zoom;

const within = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The view kept inside the picture: the zoom between its bounds, the square never past an edge. */
export function clampView(picture: PictureSize, view: CropView): CropView {
  const zoom = within(view.zoom, MIN_ZOOM, MAX_ZOOM);
  const half = cropSide(picture, zoom) / 2;
  return {
    zoom,
    centerX: within(view.centerX, half, picture.width - half),
    centerY: within(view.centerY, half, picture.height - half),
  };
}

/** The picture's square a view crops. */
export function cropArea(picture: PictureSize, view: CropView): PixelArea {
  const side = cropSide(picture, view.zoom);
  return { x: view.centerX - side / 2, y: view.centerY - side / 2, width: side, height: side };
}

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
