export { translatePicture, checkPicturePair, pictureFolder, refusalOf, type PictureForm, type PictureSubmitter } from './translate-picture';
export { renderEditedPicture } from './render-picture';
