import { describe, expect, it } from 'vitest';
import {
  dimensionProblem,
  focalPointOf,
  MAX_UPLOAD_SIDE,
  moveItem,
  sniffUploadFormat,
  uploadMessages,
} from '../src/media-uploads.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  );
/** An ISO base media file's first box: size, 'ftyp', major brand, version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));

describe('sniffUploadFormat', () => {
  it('tells the photo formats by their first bytes', () => {
    expect(sniffUploadFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(
      'png',
    );
    expect(sniffUploadFormat(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF....'))).toBe('jpeg');
    expect(sniffUploadFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffUploadFormat(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    // A HEIF container holding AV1 says so among its compatible brands.
    expect(sniffUploadFormat(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffUploadFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
  });

  it('refuses SVG, text, GIF, PDF, other ISO media and short files', () => {
    expect(sniffUploadFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffUploadFormat(bytes('<?xml version="1.0"?><svg/>'))).toBeUndefined();
    expect(sniffUploadFormat(bytes('just some text, named photo.jpg'))).toBeUndefined();
    expect(sniffUploadFormat(bytes('GIF89a', [1, 0, 1, 0, 0, 0]))).toBeUndefined();
    expect(sniffUploadFormat(bytes('%PDF-1.7 ......'))).toBeUndefined();
    expect(sniffUploadFormat(ftyp('isom', 'mp41'))).toBeUndefined();
    expect(sniffUploadFormat(bytes([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});

describe('dimensionProblem', () => {
  it('takes up to 6000 on either side and names the size of anything larger', () => {
    expect(dimensionProblem(MAX_UPLOAD_SIDE, MAX_UPLOAD_SIDE)).toBeUndefined();
    expect(dimensionProblem(6001, 10)).toBe(uploadMessages.tooManyPixels(6001, 10));
    expect(dimensionProblem(10, 50_000)).toContain('10 × 50000 pixels');
    expect(dimensionProblem(0, 10)).toBe(uploadMessages.unreadable);
  });
});

describe('focalPointOf', () => {
  it('turns a click into fractions of the photo, kept inside it', () => {
    expect(focalPointOf(50, 150, { width: 200, height: 200 })).toEqual({
      focalX: 0.25,
      focalY: 0.75,
    });
    expect(focalPointOf(-5, 999, { width: 300, height: 200 })).toEqual({ focalX: 0, focalY: 1 });
    expect(focalPointOf(1, 2, { width: 3, height: 0 })).toEqual({ focalX: 0.333, focalY: 0.5 });
  });
});

describe('moveItem', () => {
  it('moves one item and keeps the move inside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });
});
