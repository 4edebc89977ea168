"""The engineering API's router, which every engineering API module registers its operations on."""

from ninja import Router

router = Router(tags=["engineering"])
