export * from "./CitySelect.tsx";
export * from "./DeliveryInfo.tsx";
export * from "./LiftCalculator.tsx";
export * from "./PickupPoints.tsx";
export * from "./admin/TariffsForm.tsx";
