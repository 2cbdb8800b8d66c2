import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { LiftTariffs } from "../delivery-pricing.ts";
import type { FieldErrors } from "../../../lib/form-fields.ts";

const rub = (kopecks: number) => (kopecks / 100).toFixed(2).replace(/\.00$/, "").replace(".", ",");

/** The lifting tariffs the checkout and the /delivery/ calculator charge, in roubles. */
export function TariffsForm({ tariffs, errors = {} }: { tariffs: LiftTariffs & { version: number }; errors?: FieldErrors }) {
  return (
    <section className="content-card" aria-labelledby="tariffs-title">
      <h2 id="tariffs-title">Подъём на этаж</h2>
      <Form method="post" className="content-form">
        <input type="hidden" name="intent" value="tariffs" />
        <input type="hidden" name="version" value={tariffs.version} />
        <div className="content-form__row">
          <FormGroup id="tariff-stairs" label="Без лифта, ₽ за этаж и каждые 50 кг" error={errors.stairsPerFloorPer50kg} required>
            {(p) => <input {...p} name="stairsPerFloorPer50kg" inputMode="decimal" defaultValue={rub(tariffs.stairsPerFloorPer50kg)} />}
          </FormGroup>
          <FormGroup id="tariff-passenger" label="Пассажирский лифт, ₽ за 50 кг" error={errors.passengerLiftPer50kg} required>
            {(p) => <input {...p} name="passengerLiftPer50kg" inputMode="decimal" defaultValue={rub(tariffs.passengerLiftPer50kg)} />}
          </FormGroup>
          <FormGroup id="tariff-freight" label="Грузовой лифт, ₽ за 100 кг" error={errors.freightLiftPer100kg} required>
            {(p) => <input {...p} name="freightLiftPer100kg" inputMode="decimal" defaultValue={rub(tariffs.freightLiftPer100kg)} />}
          </FormGroup>
        </div>
        {errors.tariffsVersion ? <p role="alert">{errors.tariffsVersion}</p> : null}
        <button type="submit" className="button">
          Сохранить тарифы
        </button>
      </Form>
    </section>
  );
}
