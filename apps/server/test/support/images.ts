import sharp from 'sharp';

/** A small real JPEG, as an upload. */
export const testJpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();

/** A real PNG: not a JPEG by content, whatever its name says. */
export const testPng = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
