import { useCallback, useState } from "react";
import { Form } from "react-router";
import { FormGroup } from "../../../ui/FormGroup.tsx";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { formatDegrees, parseMapPoint, type MapPoint } from "../map-point.ts";
import { ShowroomMapPicker } from "./ShowroomMapPicker.tsx";

export interface ShowroomValues {
  title: string;
  city: string;
  address: string;
  phones: string;
  emails: string;
  hours: string;
  kind: string;
  lat: string;
  lon: string;
  version: number;
}

interface Props {
  values: ShowroomValues;
  errors?: FieldErrors;
  /** the map picker's tiles (the storefront maps' own) */
  map: { tileUrl: string; attribution: string };
}

/** A showroom or the warehouse: where it is, how to reach it and its map point (typed in degrees or picked on the map). */
export function ShowroomForm({ values, errors = {}, map }: Props) {
  // the fields are the point: typed or picked, what they hold is what is sent
  const [lat, setLat] = useState(values.lat);
  const [lon, setLon] = useState(values.lon);
  const onPick = useCallback((p: MapPoint) => {
    setLat(formatDegrees(p.lat));
    setLon(formatDegrees(p.lon));
  }, []);
  return (
    <Form method="post" className="content-form">
      <input type="hidden" name="version" value={values.version} />
      <FormGroup id="showroom-title" label="Название" error={errors.title} required>
        {(p) => <input {...p} name="title" maxLength={200} defaultValue={values.title} />}
      </FormGroup>
      <div className="content-form__row">
        <FormGroup id="showroom-city" label="Город" error={errors.city} required>
          {(p) => <input {...p} name="city" maxLength={120} defaultValue={values.city} />}
        </FormGroup>
        <FormGroup id="showroom-kind" label="Тип" error={errors.kind} required>
          {(p) => (
            <select {...p} name="kind" defaultValue={values.kind}>
              <option value="showroom">Салон</option>
              <option value="warehouse">Склад</option>
            </select>
          )}
        </FormGroup>
      </div>
      <FormGroup id="showroom-address" label="Адрес" error={errors.address} required>
        {(p) => <input {...p} name="address" maxLength={300} defaultValue={values.address} />}
      </FormGroup>
      <div className="content-form__row">
        <FormGroup id="showroom-phones" label="Телефоны" hint="По одному в строке" error={errors.phones}>
          {(p) => <textarea {...p} name="phones" rows={3} defaultValue={values.phones} />}
        </FormGroup>
        <FormGroup id="showroom-emails" label="E-mail" hint="По одному в строке" error={errors.emails}>
          {(p) => <textarea {...p} name="emails" rows={3} defaultValue={values.emails} />}
        </FormGroup>
      </div>
      <FormGroup id="showroom-hours" label="Часы работы" error={errors.hours}>
        {(p) => <input {...p} name="hours" maxLength={200} defaultValue={values.hours} />}
      </FormGroup>
      <div className="content-form__row">
        <FormGroup id="showroom-lat" label="Широта" hint="Например, 55.7601" error={errors.lat} required>
          {(p) => <input {...p} name="lat" inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} />}
        </FormGroup>
        <FormGroup id="showroom-lon" label="Долгота" hint="Например, 37.6187" error={errors.lon} required>
          {(p) => <input {...p} name="lon" inputMode="decimal" value={lon} onChange={(e) => setLon(e.target.value)} />}
        </FormGroup>
      </div>
      <ShowroomMapPicker point={parseMapPoint(lat, lon)} tileUrl={map.tileUrl} attribution={map.attribution} onPick={onPick} />
      {errors.version ? <p role="alert">{errors.version}</p> : null}
      <button type="submit" className="button">
        Сохранить
      </button>
    </Form>
  );
}
