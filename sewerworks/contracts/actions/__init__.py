from sewerworks.contracts.actions.agreements import do_decide_agreement, do_petition
from sewerworks.contracts.actions.screening import do_screen_now, do_start_screen, rescreen_parcels, run_screen

__all__ = ["do_decide_agreement", "do_petition", "do_screen_now", "do_start_screen", "rescreen_parcels", "run_screen"]
