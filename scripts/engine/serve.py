"""Starts the OpenFisca web API (`openfisca serve …`) with a few start-up and speed savings.

1. openfisca-france's OpenAPI description computes and traces a whole example household at load
   time only to illustrate `/spec`; we drop that example.
2. `bail_reel_solidaire_zones_elligibles()` re-reads a 35,000-line CSV for every household it
   computes (about 0.27 s each): we memoise it once the model is built. It takes no argument and
   returns a table that callers only read, so results are unchanged.
3. When ENGINE_WARMUP_JSON is set, one household is computed in the gunicorn master before the
   workers fork (`--preload`), so every worker starts warm. Variables this engine does not know are
   left out of that household (a catalogue may name a variable of a newer engine).
4. openfisca-france-local's EPCI reform reads a 35,000-row spreadsheet at every start (3.7 s with
   openpyxl); the table it gets is kept as a pickle in <venv>/cache, keyed by the spreadsheet's
   size and date, and read back from there on later starts.
5. Every answer carries an `Engine-Packages` header listing the installed OpenFisca packages and
   reforms, so callers can key a cache on the exact engine.
6. Two pure period helpers of openfisca-core are memoised: `Instant.offset` (a date shifted by n
   days, months or years, through pendulum: called about 8,000 times per household, 15 % of a
   cold computation) and the parsing of a period string (`periods.period("2025-10")`, done for
   every input and stored value). Instants and periods are immutable tuples and the results
   depend on the arguments alone; only well-formed calls are kept (an int or "first-of"/"last-of"
   offset, a string period), so errors are raised as before. The tables hold a few thousand
   entries at most and are emptied past 100,000.
7. Once the model is built and warmed up, the objects alive are frozen out of the garbage
   collector (`gc.collect(); gc.freeze()`, before the workers fork): a full collection otherwise
   walked the whole model (0.15–0.3 s) every few requests, the slowest cold computations.
   Nothing is freed that would have been: the model lives as long as the process.

Results are unchanged. Arguments are those of the `openfisca` command.
"""
import functools, gc, importlib.metadata, json, os, sys, time

PACKAGES = ("openfisca-core", "openfisca-france", "openfisca-france-local", "openfisca-paris")


def _reforms_from_argv():
    """The dotted reform paths given after --reforms/-r on the command line."""
    reforms, taking = [], False
    for arg in sys.argv[1:]:
        if arg in ("--reforms", "-r"):
            taking = True
        elif arg.startswith("-"):
            taking = False
        elif taking:
            reforms.append(arg)
    return reforms


def _engine_packages():
    parts = []
    for name in PACKAGES:
        try:
            parts.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            pass
    reforms = _reforms_from_argv()
    if reforms:
        parts.append("reforms=" + ",".join(sorted(reforms)))
    return " ".join(parts)


def _memoise_zonage(system):
    """Reads the ABC zoning CSV once instead of once per household (formula globals: the model
    modules are loaded by file path, so patching an imported module would not reach them)."""
    variable = system.variables.get("bail_reel_solidaire_zones_menage")
    if variable is None:
        return
    for formula in variable.formulas.values():
        name = "bail_reel_solidaire_zones_elligibles"
        loader = formula.__globals__.get(name)
        if loader is not None and not hasattr(loader, "cache_info"):
            formula.__globals__[name] = functools.lru_cache(maxsize=1)(loader)


_MEMO_LIMIT = 100_000


def _memoise_periods():
    """Memoises Instant.offset and the parsing of period strings (pure, immutable results)."""
    from openfisca_core.periods import helpers
    from openfisca_core.periods.instant_ import Instant

    offset, offsets = Instant.offset, {}

    def _offset(self, by, unit):
        if type(by) is not int and by not in ("first-of", "last-of"):
            return offset(self, by, unit)
        key = (self, by, unit)
        found = offsets.get(key)
        if found is None:
            if len(offsets) >= _MEMO_LIMIT:
                offsets.clear()
            found = offsets[key] = offset(self, by, unit)
        return found

    Instant.offset = _offset

    parse, parsed = helpers.period.dispatch(object), {}

    def _period_of_string(value):
        found = parsed.get(value)
        if found is None:
            if len(parsed) >= _MEMO_LIMIT:
                parsed.clear()
            found = parsed[value] = parse(value)
        return found

    helpers.period.register(str)(_period_of_string)


def _known_variables_only(system, situation):
    """The household without the variables this engine lacks (role lists are kept)."""
    known = system.variables
    return {
        plural: {
            instance_id: {
                key: value
                for key, value in instance.items()
                if isinstance(value, list) or key in known
            }
            for instance_id, instance in instances.items()
        }
        for plural, instances in situation.items()
    }


def _cache_read_excel(module):
    """Gives `module` a pandas whose read_excel keeps what it read in a pickle next to the venv."""
    import pandas

    class _PandasWithCachedExcel:
        def __getattr__(self, name):
            return getattr(pandas, name)

        @staticmethod
        def read_excel(path, *args, **kwargs):
            if args or kwargs:
                return pandas.read_excel(path, *args, **kwargs)
            stat = os.stat(path)
            folder = os.path.join(sys.prefix, "cache")
            cached = os.path.join(
                folder, f"{os.path.basename(path)}-{stat.st_size}-{int(stat.st_mtime)}.pkl"
            )
            try:
                return pandas.read_pickle(cached)
            except Exception:
                pass
            table = pandas.read_excel(path)
            try:
                os.makedirs(folder, exist_ok=True)
                partial = f"{cached}.{os.getpid()}"
                table.to_pickle(partial)
                os.replace(partial, cached)
            except Exception as error:
                print(f"boot: {path} not cached: {error!r}", file=sys.stderr)
            return table

    module.pd = _PandasWithCachedExcel()


try:
    from openfisca_france_local import epci_test_factory
    _cache_read_excel(epci_test_factory)
except Exception as error:
    print(f"boot: EPCI table read from the spreadsheet: {error!r}", file=sys.stderr)

try:
    from openfisca_france.france_taxbenefitsystem import FranceTaxBenefitSystem
    _init = FranceTaxBenefitSystem.__init__
    def _init_without_example(self, *args, **kwargs):
        _init(self, *args, **kwargs)
        self.open_api_config.pop("simulation_example", None)
    FranceTaxBenefitSystem.__init__ = _init_without_example
except Exception as error:
    print(f"boot: OpenAPI example kept: {error!r}", file=sys.stderr)

try:
    from openfisca_web_api import handlers
    from openfisca_web_api.scripts import serve
    _build = serve.build_tax_benefit_system
    def _build_and_warm(*args, **kwargs):
        started = time.time()
        system = _build(*args, **kwargs)
        print(f"boot: model built in {time.time() - started:.1f} s", file=sys.stderr)
        try:
            _memoise_zonage(system)
        except Exception as error:
            print(f"boot: zoning table not memoised: {error!r}", file=sys.stderr)
        try:
            _memoise_periods()
        except Exception as error:
            print(f"boot: period helpers not memoised: {error!r}", file=sys.stderr)
        warmup = os.environ.get("ENGINE_WARMUP_JSON")
        if warmup:
            started = time.time()
            try:
                handlers.calculate(system, _known_variables_only(system, json.loads(warmup)))
                print(f"boot: model warmed up in {time.time() - started:.1f} s", file=sys.stderr)
            except Exception as error:
                print(f"boot: warm-up failed: {error!r}", file=sys.stderr)
        gc.collect()
        gc.freeze()
        return system
    serve.build_tax_benefit_system = _build_and_warm

    _create_app = serve.create_app
    def _create_app_with_versions(*args, **kwargs):
        app = _create_app(*args, **kwargs)
        packages = _engine_packages()
        @app.after_request
        def _add_engine_packages(response):
            response.headers["Engine-Packages"] = packages
            return response
        return app
    serve.create_app = _create_app_with_versions
except Exception as error:
    print(f"boot: no in-process warm-up: {error!r}", file=sys.stderr)

from openfisca_core.scripts.openfisca_command import main
sys.exit(main())
