export * from "./admin/AuditTable.tsx";
export * from "./admin/StaffAddForm.tsx";
export * from "./admin/StaffEditForm.tsx";
export * from "./admin/StaffTable.tsx";
