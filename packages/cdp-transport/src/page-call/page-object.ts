/** A DOM node (or other object) of a collector world, seen from Node: a remote object of that world. */
export class PageObject {
  /** Nominal: a plain `{objectId}` is not a PageObject (arguments and answers are told apart by class). */
  private readonly nominal = 'page-object';
  constructor(readonly objectId: string) {}
}
