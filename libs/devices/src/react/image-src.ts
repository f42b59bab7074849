/** An <img> source for a device image: base64 from the helper gets a data: prefix of its real format. */
export function deviceImageSrc(image: string): string {
  if (/^(data:|https?:\/\/|blob:)/i.test(image)) return image;
  const type = image.startsWith('/9j/') ? 'jpeg' : image.startsWith('Qk') ? 'bmp' : 'png';
  return `data:image/${type};base64,${image}`;
}
