export * from "./ProductPicture.tsx";
