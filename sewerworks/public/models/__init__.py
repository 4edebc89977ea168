from sewerworks.public.models.accounts import PublicAccount
from sewerworks.public.models.hits import PageHits
from sewerworks.public.models.links import LinkKind, PublicLink

__all__ = ["LinkKind", "PageHits", "PublicAccount", "PublicLink"]
