export * from "./admin/ImportPreviewView.tsx";
export * from "./admin/ImportUpload.tsx";
