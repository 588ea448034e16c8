"""Starts the OpenFisca web API (`openfisca serve …`) with two start-up savings.

1. openfisca-france's OpenAPI description computes and traces a whole example household at load
   time only to illustrate `/spec`; we drop that example.
2. When ENGINE_WARMUP_JSON is set, one household is computed in the gunicorn master before the
   workers fork (`--preload`), so every worker starts warm.

Results are unchanged. Arguments are those of the `openfisca` command.
"""
import json, os, sys, time
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
        system = _build(*args, **kwargs)
        warmup = os.environ.get("ENGINE_WARMUP_JSON")
        if warmup:
            started = time.time()
            try:
                handlers.calculate(system, json.loads(warmup))
                print(f"boot: model warmed up in {time.time() - started:.1f} s", file=sys.stderr)
            except Exception as error:
                print(f"boot: warm-up failed: {error!r}", file=sys.stderr)
        return system
    serve.build_tax_benefit_system = _build_and_warm
except Exception as error:
    print(f"boot: no in-process warm-up: {error!r}", file=sys.stderr)
from openfisca_core.scripts.openfisca_command import main
sys.exit(main())
