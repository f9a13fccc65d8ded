import sharp from 'sharp';
import { AVATAR_SIZE, AvatarMessage, DomainError, ErrorCode } from '@meridian/domain';

/** What sharp finds the bytes to be, by its format names, for the types an avatar may be. */
const ALLOWED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * The avatar's square thumbnail (AVATAR_SIZE, PNG): turned upright from its EXIF orientation,
 * cropped to a square around the centre, only the first frame of an animation. The bytes are
 * checked to be an image of an allowed kind whatever the file's name says. Small enough to make
 * during the request (a logo's three sizes go through the worker instead).
 */
export async function avatarThumbnail(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
    if (!metadata.format || !ALLOWED_FORMATS.has(metadata.format)) {
      throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, AvatarMessage.typeNotAllowed);
    }
    return await sharp(bytes, { limitInputPixels: maxPixels, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new DomainError(ErrorCode.VALIDATION_ERROR, AvatarMessage.tooManyPixels(maxPixels), [
        { path: 'filePath', message: AvatarMessage.tooManyPixels(maxPixels) },
      ]);
    }
    // Whatever else sharp refuses is bytes that are not a readable image.
    throw new DomainError(ErrorCode.VALIDATION_ERROR, AvatarMessage.unreadable, [
      { path: 'filePath', message: AvatarMessage.unreadable },
    ]);
  }
}
