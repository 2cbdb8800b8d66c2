export * from "./AuthCard.tsx";
export * from "./PersonalDataForm.tsx";
export * from "./ProfileFiles.tsx";
export * from "./ProfilePhoto.tsx";
