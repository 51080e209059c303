"""A deal told again (`r`, `shengji replay ID --review`) and a seat's
decisions in it priced by the coach (`a`).

Modules:
  presenter        `Reviewer`: a `DealReview` as `ReviewProps`, trick by trick
                   (pure: no Textual, no Rich)
  analysis         a coach's `DealAnalysis` as `AnalysisProps` (pure)
  screen           `ReviewScreen`, the review's dialog
  analysis_screen  `AnalysisScreen`, the analysis' dialog
  app              `ReviewApp`: `shengji replay --review`, handed the record the
                   command read (it never opens the store)
"""
