// Russian texts for Swiper's accessibility module, shared by every slider of the site.
export const SWIPER_A11Y_RU = {
  prevSlideMessage: "Предыдущий слайд",
  nextSlideMessage: "Следующий слайд",
  firstSlideMessage: "Это первый слайд",
  lastSlideMessage: "Это последний слайд",
  paginationBulletMessage: "Перейти к слайду {{index}}",
  slideLabelMessage: "{{index}} из {{slidesLength}}",
  itemRoleDescriptionMessage: "слайд",
} as const;
