/** Sets an own property even for keys such as "__proto__", which plain assignment would not store. */
export function setOwn<T>(obj: { [key: string]: T }, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
