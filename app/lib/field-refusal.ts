// A change the back office refuses: the HTTP status the route answers with, the Russian message
// and the form field it is shown under. Each area names its own subclass, so a route catches only
// the refusals of the code it called.
export class FieldRefusal extends Error {
  readonly status: 404 | 409 | 422;
  readonly field: string;
  constructor(status: 404 | 409 | 422, message: string, field: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}
