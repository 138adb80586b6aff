/* Preloaded into `make test-sanitized`'s AddressSanitizer run: libraries SDL and Mesa open and
 * close again (D-Bus, the GL driver) stay mapped, so LeakSanitizer can name them at exit and
 * lsan.supp's third-party suppressions apply. Without it their frames are "<unknown module>". */
int dlclose(void *handle) {
  (void)handle;
  return 0;
}
