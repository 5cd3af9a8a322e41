export {
  translatePicture,
  translatePictures,
  PICTURE_FORMATS,
  MIN_LINE_CONFIDENCE,
  type PictureReport,
  type TranslateTexts,
} from './translate-pictures';
export { redrawPicture, type PictureLine } from './redraw-picture';
